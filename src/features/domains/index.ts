// The domains feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { addDomains } from './addDomains';
export { AddDomainForm } from './components/AddDomainForm';
export { DomainsPanel } from './components/DomainsPanel';
export { VerificationBadge } from './components/DomainVerification';
export { fetchDomainGroups, fetchDomains } from './domainsApi';
export type { Domain } from './domainsApi';
export { domainGroupsResource, domainVerifyResource, domainsResource } from './domainsResources';
