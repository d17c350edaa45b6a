import { useTranslation } from 'react-i18next';
import { themes, type ThemeName } from '../../theme/themes';
import { useAppDispatch, useAppSelector } from '../hooks';
import { preferencesActions, selectThemeName } from '../preferences/preferencesSlice';
import { SelectControl, SwitchField } from './controls';

const themeNames = Object.keys(themes) as ThemeName[];

/** primaryTheme / carrierTheme: stored in localStorage 'layoutTheme' and on the server for the user. */
export function ThemeSwitch({ id = 'theme-switch' }: { id?: string }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectThemeName);
  return (
    <SwitchField>
      <label htmlFor={id}>{t('theme.label')}</label>
      <SelectControl
        id={id}
        value={theme}
        onChange={(event) => dispatch(preferencesActions.themeChanged(event.target.value as ThemeName))}
      >
        {themeNames.map((name) => (
          <option key={name} value={name}>
            {t(`theme.${name}`)}
          </option>
        ))}
      </SelectControl>
    </SwitchField>
  );
}
