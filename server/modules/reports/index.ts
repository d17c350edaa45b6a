// The public face of the reports area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { reportScope } from './scope';
export { maxDkimPerRecord } from './auth-results';
