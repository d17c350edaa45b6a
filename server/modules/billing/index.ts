// The public face of the billing area (docs/BILLING.md): its routes, the webhook, the nightly reconciliation.
export { billingRoutes } from './routes';
export { legacyPaymentRoutes } from './legacy-routes';
export { webhookRoutes } from './stripe/webhook';
export { reconcileBillingJob, reconcileSubscriptions } from './stripe/reconcile';
export { refuseCancelledWrites } from './subscriptions/read-only';
