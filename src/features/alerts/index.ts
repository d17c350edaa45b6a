// The alerts feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { AlertsSection } from './components/AlertsSection';
