// The billing feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { BillingSection } from './components/BillingSection';
export { SubscriptionsSection } from './components/SubscriptionsSection';
