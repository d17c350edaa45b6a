// The public face of the account area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { passwordProblems } from './password-policy';
export { spendAllTokens } from './tokens';
