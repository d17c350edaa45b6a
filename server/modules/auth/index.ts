// The public face of the auth area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { requireAuth } from './bearer';
export {
  clearAccountAttempts,
  dayWindowSeconds,
  firstLimitExceeded,
  limitExceeded,
  limiterKeys,
  recordFailure,
  spendAllowance,
} from './rate-limit';
export { revokeUserRefreshTokens } from './repo';
export { issueTokens } from './session';
