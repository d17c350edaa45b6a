// The organizations feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { renameOrganizationDomain } from './adminApi';
export { OrganizationPanel } from './components/OrganizationPanel';
export { OrganizationsAdminPanel } from './components/OrganizationsAdminPanel';
