import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import i18n, { type Language } from '../../i18n';
import { defaultThemeName, themes, type ThemeName } from '../../theme/themes';

// Layout theme and interface language: kept in localStorage and, for a logged-in user, on the server.

export const themeStorageKey = 'layoutTheme';

export type PreferencesState = { theme: ThemeName; language: Language };

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && Object.hasOwn(themes, value);
}

function storedTheme(): ThemeName {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(themeStorageKey) : null;
  return isThemeName(stored) ? stored : defaultThemeName;
}

function currentLanguage(): Language {
  return i18n.language === 'pt' ? 'pt' : 'en';
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: (): PreferencesState => ({ theme: storedTheme(), language: currentLanguage() }),
  reducers: {
    /** The user picked a theme: stored locally and on the server. */
    themeChanged(state, action: PayloadAction<ThemeName>) {
      state.theme = action.payload;
    },
    /** The theme came from the server (current user): stored locally only. */
    themeApplied(state, action: PayloadAction<ThemeName>) {
      state.theme = action.payload;
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    languageApplied(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
});

export const preferencesActions = preferencesSlice.actions;

type WithPreferences = { preferences: PreferencesState };
export const selectThemeName = (state: WithPreferences) => state.preferences.theme;
export const selectLanguage = (state: WithPreferences) => state.preferences.language;
