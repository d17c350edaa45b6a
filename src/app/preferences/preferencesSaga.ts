import type { PayloadAction } from '@reduxjs/toolkit';
import { call, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { setLanguage, type Language } from '../../i18n';
import type { ThemeName } from '../../theme/themes';
import { preferencesActions, themeStorageKey } from './preferencesSlice';
import { saveUserSettings, type UserSettings } from './settingsApi';

type WithUserId = { auth: { userId: number | null } };
const selectUserId = (state: WithUserId) => state.auth.userId;

function* saveForUser(settings: UserSettings) {
  const userId: number | null = yield select(selectUserId);
  if (userId === null) return;
  try {
    yield call(saveUserSettings, userId, settings);
  } catch {
    // The choice still holds locally; the server copy is refreshed on the next change.
  }
}

function* storeTheme(action: PayloadAction<ThemeName>) {
  yield call([localStorage, localStorage.setItem], themeStorageKey, action.payload);
}

function* changeTheme(action: PayloadAction<ThemeName>) {
  yield call(storeTheme, action);
  yield call(saveForUser, { layout_theme: action.payload });
}

function* applyLanguage(action: PayloadAction<Language>) {
  yield call(setLanguage, action.payload);
}

function* changeLanguage(action: PayloadAction<Language>) {
  yield call(applyLanguage, action);
  yield call(saveForUser, { language: action.payload });
}

export function* preferencesSaga() {
  yield takeLatest(preferencesActions.themeChanged.type, changeTheme);
  yield takeEvery(preferencesActions.themeApplied.type, storeTheme);
  yield takeLatest(preferencesActions.languageChanged.type, changeLanguage);
  yield takeEvery(preferencesActions.languageApplied.type, applyLanguage);
}
