import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storedClaims } from '../claims';
import type { AccessClaims, Credentials, CurrentUser, FieldErrors } from '../authApi';

// Hand-written (not the resource factory): login has a two-factor step between request and success.

export type AuthState = {
  tokenData: AccessClaims | null;
  userId: number | null;
  user: CurrentUser | null;
  /** A login call is in flight. */
  isLoading: boolean;
  /** The current user is being fetched. */
  userLoading: boolean;
  needsTwoFactor: boolean;
  /** Field errors of the last failed login (e.g. code: ['Invalid code.']). */
  error: FieldErrors | null;
  status?: 'success' | 'failure';
};

export function initialAuthState(): AuthState {
  const claims = storedClaims();
  return {
    tokenData: claims,
    userId: claims?.userId ?? null,
    user: null,
    isLoading: false,
    userLoading: false,
    needsTwoFactor: false,
    error: null,
  };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequest(state, _action: PayloadAction<Credentials>) {
      state.isLoading = true;
      state.error = null;
      state.status = undefined;
    },
    loginSuccess(state, action: PayloadAction<AccessClaims>) {
      state.isLoading = false;
      state.needsTwoFactor = false;
      state.tokenData = action.payload;
      state.userId = action.payload.userId;
      state.status = 'success';
    },
    loginNeedsTwoFactor(state) {
      state.isLoading = false;
      state.needsTwoFactor = true;
      state.error = null;
    },
    loginFailure(state, action: PayloadAction<FieldErrors | null>) {
      state.isLoading = false;
      state.error = action.payload;
      state.status = 'failure';
    },
    twoFactorCancel(state) {
      state.needsTwoFactor = false;
      state.error = null;
    },
    currentUserRequest(state) {
      state.userLoading = true;
    },
    currentUserSuccess(state, action: PayloadAction<CurrentUser>) {
      state.userLoading = false;
      state.user = action.payload;
    },
    currentUserFailure(state) {
      state.userLoading = false;
    },
    /** A refresh brought a new access token: its claims may have changed (e.g. subscription_status). */
    tokenRefreshed(state, action: PayloadAction<AccessClaims>) {
      state.tokenData = action.payload;
      state.userId = action.payload.userId;
    },
    /** Spec section 4: a publication marked seen is filtered out of the auth data (claims and user). */
    publicationSeen(state, action: PayloadAction<number>) {
      const keep = (p: { id: number }) => p.id !== action.payload;
      if (state.tokenData) state.tokenData.publications = state.tokenData.publications.filter(keep);
      if (state.user) state.user.publications = state.user.publications.filter(keep);
    },
    logoutRequest() {},
    /** Both tokens are gone (logout or failed refresh); the root reducer resets the session slices. */
    sessionEnded() {
      return { ...initialAuthState(), tokenData: null, userId: null };
    },
  },
});

export const authActions = authSlice.actions;
