// The public face of the analysis area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { checkContextFor, queueDomainCheck } from './recheck-service';
export { visibleDomain } from './scope';
export { storedChecks, type StoredCheck } from './stored-checks';
