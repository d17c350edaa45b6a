// The public face of the analytics area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { dateWindow, groupDomainRows, normalizeDomain } from './filter';
export { filterShape } from './schemas';
export { pruneSummaries } from './summaries-fold';
