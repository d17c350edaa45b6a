// The auth feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { fetchCurrentUser } from './authApi';
export type { AccessClaims, CurrentUser } from './authApi';
export { decodeClaims } from './claims';
export {
  selectCurrentUser,
  selectSubscriptionStatus,
  selectTokenData,
  selectUserId,
} from './state/authSelectors';
export { authActions } from './state/authSlice';
