import type { GroupBase, StylesConfig, Theme } from 'react-select';
import type { DefaultTheme } from 'styled-components';

/** react-select's theme and styles in the app theme's colours, for every select in the console. */
export function selectLook<O, M extends boolean>(app: DefaultTheme) {
  const { colors, radii, fonts } = app;
  const theme = (base: Theme): Theme => ({
    ...base,
    borderRadius: radii.md,
    colors: {
      ...base.colors,
      primary: colors.primary,
      primary75: colors.primary,
      primary50: colors.surfaceAlt,
      primary25: colors.surfaceAlt,
      danger: colors.error,
      neutral0: colors.surface,
      neutral5: colors.surfaceAlt,
      neutral10: colors.surfaceAlt,
      neutral20: colors.border,
      neutral30: colors.textMuted,
      neutral40: colors.textMuted,
      neutral50: colors.textMuted,
      neutral60: colors.textMuted,
      neutral70: colors.text,
      neutral80: colors.text,
      neutral90: colors.text,
    },
  });
  const styles: StylesConfig<O, M, GroupBase<O>> = {
    container: (base) => ({ ...base, fontFamily: fonts.secondary }),
    // Visible keyboard focus in the theme's focus colour.
    control: (base, state) => ({
      ...base,
      boxShadow: state.isFocused ? `0 0 0 3px ${colors.focus}` : base.boxShadow,
    }),
    option: (base, state) => ({ ...base, color: state.isSelected ? colors.primaryContrast : colors.text }),
    menu: (base) => ({ ...base, zIndex: 20 }),
  };
  return { theme, styles };
}
