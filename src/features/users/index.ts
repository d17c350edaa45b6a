// The users feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { UsersPanel } from './components/UsersPanel';
