// The demo feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { DemoOffer } from './DemoOffer';
