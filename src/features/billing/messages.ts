import { billingMessages } from '../../../contract/billing';
import { errorMessage } from '../../api/errors';
import i18n from '../../i18n';
import './locale';

type MessageKey = keyof typeof billingMessages;
const keyByText = new Map(Object.entries(billingMessages).map(([key, text]) => [text, key as MessageKey]));

/** A billing message in the interface language: the contract's texts have a translation, others pass. */
export function translateBillingMessage(message: string): string {
  const key = keyByText.get(message as (typeof billingMessages)[MessageKey]);
  return key ? i18n.t(`server.${key}`, { ns: 'billing' }) : message;
}

/** Spec section 8: the failed call's own message (its detail, or its field errors), else `fallback`. */
export function billingFailure(error: unknown, fallback: MessageKey = 'contactSupport'): string {
  const own = errorMessage(error, '', { from: ['detail', 'allFields'] });
  return translateBillingMessage(own || billingMessages[fallback]);
}

/** 503: the server has no STRIPE_SECRET_KEY; the pages say billing is off instead of failing. */
export function isBillingOff(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 503;
}
