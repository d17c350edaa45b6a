import type { PayloadAction } from '@reduxjs/toolkit';
import { isAxiosError } from 'axios';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { onSessionChange } from '../../../api/client';
import { codesOf, errorBody, errorMessage, fieldMessages, isCodeKey } from '../../../api/errors';
import { clearTokens, getAccessToken, setTokens } from '../../../api/tokens';
import { showMessage } from '../../../components/showMessage';
import { menuActions, selectPendingUrl } from '../../../app/menu/menuSlice';
import { navigateTo } from '../../../app/navigation/navigation';
import { preferencesActions, isThemeName, selectLanguage } from '../../../app/preferences/preferencesSlice';
import i18n, { type Language } from '../../../i18n';
import { afterLoginTarget } from '../../../app/router/redirectRules';
import { homePath, loginPath } from '../../../app/router/routes';
import type { AuthenticateResponse } from '../../../../contract/auth';
import { authenticate, fetchCurrentUser } from '../authApi';
import { decodeClaims } from '../claims';
import type { AccessClaims, Credentials, CurrentUser, FieldErrors } from '../authApi';
import { authActions } from './authSlice';
import { selectUserId } from './authSelectors';

function fieldErrorsOf(error: unknown): FieldErrors | null {
  const body = errorBody(error);
  if (!body) return null;
  const errors: FieldErrors = {};
  // Each field's messages in the reader's language (their codes).
  for (const [field, value] of Object.entries(body))
    if (Array.isArray(value) && !isCodeKey(field, value)) errors[field] = fieldMessages(body, field);
  return errors;
}

export function* loadCurrentUser(userId: number) {
  yield put(authActions.currentUserRequest());
  try {
    const user: CurrentUser = yield call(fetchCurrentUser, userId);
    yield put(authActions.currentUserSuccess(user));
    if (isThemeName(user.layoutTheme)) yield put(preferencesActions.themeApplied(user.layoutTheme));
    if (user.language === 'en' || user.language === 'pt') {
      yield put(preferencesActions.languageApplied(user.language));
    } else {
      // Never chosen (null): the language the login page was in becomes the account's, stored on the server.
      const current: Language = yield select(selectLanguage);
      yield put(preferencesActions.languageChanged(current));
    }
  } catch {
    // The pages still work from the token claims; the account page shows what it has.
    yield put(authActions.currentUserFailure());
  }
}

function* login(action: PayloadAction<Credentials>) {
  try {
    const tokens: AuthenticateResponse = yield call(authenticate, action.payload);
    const claims = decodeClaims(tokens.access);
    if (!claims) throw new Error('The access token has unexpected claims.');
    yield call(setTokens, tokens);
    yield put(authActions.loginSuccess(claims));
    yield call(loadCurrentUser, claims.userId);
    const pending: string | null = yield select(selectPendingUrl);
    yield put(menuActions.pendingUrlSet(null));
    yield call(navigateTo, afterLoginTarget(pending, homePath), { replace: true });
  } catch (error) {
    const errors = fieldErrorsOf(error);
    // Spec section 4: a 400 whose code errors include 'This field is required.' (required) means "ask for
    // the code".
    const codeRequired = codesOf(errorBody(error), 'code').some((c) => c.code === 'required');
    if (isAxiosError(error) && error.response?.status === 400 && codeRequired) {
      yield put(authActions.loginNeedsTwoFactor());
      return;
    }
    yield put(authActions.loginFailure(errors));
    const message = errorMessage(error, i18n.t('auth:errors.generic'), { from: 'nonFieldErrors' });
    yield call(showMessage, { messageType: 'error', message });
  }
}

function* logout() {
  yield call(clearTokens);
  yield put(authActions.sessionEnded());
  yield call(navigateTo, loginPath);
}

type SessionEvent = { access: string | null };

function sessionChannel(): EventChannel<SessionEvent> {
  return eventChannel((emit) => onSessionChange((access) => emit({ access })));
}

// The api client refreshes tokens on its own; keep the claims (and the logged-in state) in step.
function* followSession() {
  const channel: EventChannel<SessionEvent> = yield call(sessionChannel);
  while (true) {
    const { access }: SessionEvent = yield take(channel);
    const claims: AccessClaims | null = decodeClaims(access);
    if (claims) yield put(authActions.tokenRefreshed(claims));
    else yield put(authActions.sessionEnded());
  }
}

function* loadOnStart() {
  const userId: number | null = yield select(selectUserId);
  if (userId !== null && getAccessToken()) yield call(loadCurrentUser, userId);
}

export function* authSaga() {
  yield takeLeading(authActions.loginRequest.type, login);
  yield takeEvery(authActions.logoutRequest.type, logout);
  yield fork(followSession);
  yield fork(loadOnStart);
}
