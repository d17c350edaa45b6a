// The public face of the domains area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { domainResource } from './service';
export { normaliseDomainName } from './names';
export { findDomainByName } from './repo';
