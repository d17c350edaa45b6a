import { useTranslation } from 'react-i18next';
import { languages, type Language } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../hooks';
import { preferencesActions, selectLanguage } from '../preferences/preferencesSlice';
import { SelectControl, SwitchField } from './controls';

/** EN/PT: stored in localStorage 'language', sets <html lang>, and saved for a logged-in user. */
export function LanguageSwitch({ id = 'language-switch' }: { id?: string }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  return (
    <SwitchField>
      <label htmlFor={id}>{t('language.label')}</label>
      <SelectControl
        id={id}
        value={language}
        onChange={(event) => dispatch(preferencesActions.languageChanged(event.target.value as Language))}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang} lang={lang === 'pt' ? 'pt-BR' : 'en'}>
            {t(`language.short.${lang}`)} · {t(`language.${lang}`)}
          </option>
        ))}
      </SelectControl>
    </SwitchField>
  );
}
