// The publications feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { PublicationsPanel } from './components/PublicationsPanel';
