// The public face of the billing area (docs/BILLING.md): its routes, the webhook, the nightly reconciliation.
// Inside: routes.ts and legacy-routes.ts, service.ts (the owner's actions), repo.ts; stripe/ (the client,
// products, payment intents, syncing subscriptions and invoices, the webhook, the nightly reconciliation)
// and subscriptions/ (what a plan allows, documents, billing mails, read-only when cancelled).
export { billingRoutes } from './routes';
export { legacyPaymentRoutes } from './legacy-routes';
export { webhookRoutes } from './stripe/webhook';
export { reconcileBillingJob, reconcileSubscriptions } from './stripe/reconcile';
export { refuseCancelledWrites } from './subscriptions/read-only';
