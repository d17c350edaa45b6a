import type { billingMessages } from '../../../contract/billing';
import { errorMessage } from '../../api/errors';
import i18n from '../../i18n';
import './locale';

type MessageKey = keyof typeof billingMessages;

/** A billing message of the page's own (a failure with nothing from the server) in the interface language. */
export function translateBillingMessage(key: MessageKey): string {
  return i18n.t(`server.${key}`, { ns: 'billing' });
}

/** Spec section 8: the failed call's own message (its detail, or its field errors), else `fallback`. */
export function billingFailure(error: unknown, fallback: MessageKey = 'contactSupport'): string {
  return errorMessage(error, '', { from: ['detail', 'allFields'] }) || translateBillingMessage(fallback);
}

/** 503: the server has no STRIPE_SECRET_KEY; the pages say billing is off instead of failing. */
export function isBillingOff(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 503;
}
