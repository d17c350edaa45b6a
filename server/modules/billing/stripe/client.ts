import Stripe from 'stripe';
import type { BillingSettings } from '../../../config-integrations';
import type { AppContext } from '../../../context';
import { AppError, detailError, type ErrorCode } from '../../../lib/errors';
import { billingMessages } from '../../../../contract/billing';

// One SDK client per settings object (the process has one; tests build several apps with different fakes).
const clients = new WeakMap<BillingSettings, Stripe>();

export function stripeOf(settings: BillingSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      ...(settings.api ?? {}),
      // The SDK keys every POST with an idempotency key of its own, so its retries cannot charge twice.
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'msas' },
    });
    clients.set(settings, client);
  }
  return client;
}

export const billingDisabled = () => detailError(503, billingMessages.disabled);

/** The settings and the client, or 503 when billing is off (no STRIPE_SECRET_KEY). */
export function requireBilling(ctx: AppContext): { settings: BillingSettings; stripe: Stripe } {
  const settings = ctx.config.billing;
  if (!settings) throw billingDisabled();
  return { settings, stripe: stripeOf(settings) };
}

/** A Stripe failure as the client sees it: the spec's message (section 8); the cause goes to the log only. */
export function providerError(
  ctx: AppContext,
  error: unknown,
  message: ErrorCode = billingMessages.contactSupport,
) {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeError)
    ctx.logger.warn(
      { type: error.type, code: error.code, status: error.statusCode, requestId: error.requestId },
      'stripe call failed',
    );
  else ctx.logger.error({ err: error }, 'billing call failed');
  return detailError(502, message);
}

/** Runs a Stripe call; a failure becomes providerError's answer. */
export async function viaStripe<T>(ctx: AppContext, fn: () => Promise<T>, message?: ErrorCode): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerError(ctx, error, message);
  }
}
