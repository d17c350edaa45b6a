import { useTranslation } from 'react-i18next';
import ReactSelect, { type MultiValue, type SingleValue, type StylesConfig, type Theme } from 'react-select';
import { useTheme } from 'styled-components';
import { sortOptions } from './sortOptions';

export { sortOptions } from './sortOptions';

export type SelectValue = string | number;
export type SelectOption<V extends SelectValue = SelectValue> = { label: string; value: V };

type BaseProps<V extends SelectValue> = {
  options: readonly SelectOption<V>[];
  inputId: string;
  placeholder?: string;
  ariaLabel?: string;
  name?: string;
  isDisabled?: boolean;
  isLoading?: boolean;
  isClearable?: boolean;
};
type SingleProps<V extends SelectValue> = BaseProps<V> & {
  isMulti?: false;
  value: SelectOption<V> | null;
  onChange: (value: SelectOption<V> | null) => void;
};
type MultiProps<V extends SelectValue> = BaseProps<V> & {
  isMulti: true;
  value: readonly SelectOption<V>[];
  onChange: (value: SelectOption<V>[]) => void;
};
export type SelectProps<V extends SelectValue = SelectValue> = SingleProps<V> | MultiProps<V>;

// Spec section 9: menu max height 300, min 140, page size 5.
export const selectMenuDefaults = { maxMenuHeight: 300, minMenuHeight: 140, pageSize: 5 } as const;
export const selectClassPrefix = 'msas-select';

export function Select<V extends SelectValue = SelectValue>(props: SelectProps<V>) {
  const { t } = useTranslation('components');
  const app = useTheme();
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
  const styles: StylesConfig<SelectOption<V>, boolean> = {
    container: (base) => ({ ...base, fontFamily: fonts.secondary }),
    // Visible keyboard focus in the theme's focus colour.
    control: (base, state) => ({
      ...base,
      boxShadow: state.isFocused ? `0 0 0 3px ${colors.focus}` : base.boxShadow,
    }),
    option: (base, state) => ({ ...base, color: state.isSelected ? colors.primaryContrast : colors.text }),
    menu: (base) => ({ ...base, zIndex: 20 }),
  };

  const common = {
    inputId: props.inputId,
    name: props.name,
    'aria-label': props.ariaLabel,
    options: sortOptions(props.options),
    placeholder: props.placeholder ?? t('components.select.placeholder'),
    noOptionsMessage: () => t('components.select.noOptions'),
    loadingMessage: () => t('components.select.loading'),
    isDisabled: props.isDisabled,
    isLoading: props.isLoading,
    isClearable: props.isClearable,
    classNamePrefix: selectClassPrefix,
    theme,
    styles,
    ...selectMenuDefaults,
  };

  if (props.isMulti) {
    const onChange = props.onChange;
    return (
      <ReactSelect<SelectOption<V>, true>
        {...common}
        isMulti
        value={props.value}
        onChange={(next: MultiValue<SelectOption<V>>) => onChange([...next])}
      />
    );
  }
  const onChange = props.onChange;
  return (
    <ReactSelect<SelectOption<V>, false>
      {...common}
      value={props.value}
      onChange={(next: SingleValue<SelectOption<V>>) => onChange(next)}
    />
  );
}
