import type { AuthState } from './authSlice';

type WithAuth = { auth: AuthState };

export const selectAuth = (state: WithAuth) => state.auth;
export const selectUserId = (state: WithAuth) => state.auth.userId;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectTokenData = (state: WithAuth) => state.auth.tokenData;
export const selectSubscriptionStatus = (state: WithAuth) =>
  state.auth.tokenData?.subscription_status ?? null;
export const selectAuthBusy = (state: WithAuth) => state.auth.isLoading || state.auth.userLoading;
