// The public face of the billing area (docs/BILLING.md): its routes, the webhook, the nightly reconciliation.
export { billingRoutes } from './routes';
export { legacyPaymentRoutes } from './legacy-routes';
export { webhookRoutes } from './webhook';
export { reconcileBillingJob, reconcileSubscriptions } from './reconcile';
export { refuseCancelledWrites } from './read-only';
