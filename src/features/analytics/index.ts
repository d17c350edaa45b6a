// The analytics feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { ExportCsvButton } from './components/ExportCsvButton';
