import { z } from 'zod';
import type { ErrorCode } from './error-codes';
import { answerExample, bodyExample, sample } from './example';
import { emailField } from './fields';

// Who may get an organization's mail (docs/DIGESTS.md "Who gets the mail"): a member's verified
// account address, or an outside address whose owner confirmed it from the link mailed to it.
export const recipientStates = ['member', 'confirmed', 'waiting', 'declined'] as const;
export type RecipientStateName = (typeof recipientStates)[number];

/** Beside destination_addresses in digest reports and alert rules: each address with its state. */
export const destinationStatesSchema = z.array(
  z.object({ address: z.string(), state: z.enum(recipientStates) }),
);

// Error codes of the errors catalogue (locales/<lang>/errors.json), and the one success text.
export const recipientMessages = {
  invalid: 'link_invalid',
  expired: 'recipient_link_expired',
  used: 'recipient_link_used',
  notWaiting: 'recipient_not_waiting',
} as const satisfies Record<string, ErrorCode>;
export const confirmationSent = 'Confirmation e-mail sent.';

/** POST /api/ph/recipient-confirmations/ (public): the owner of the address answers the mailed link. */
export const recipientDecisionBody = bodyExample(
  z.object({
    organization: z.coerce.number().int().positive(),
    token: z.string().trim().min(1).max(200),
    decision: z.enum(['confirm', 'decline']),
  }),
  { organization: 1, token: 'k3Jd…', decision: 'confirm' },
);

export const recipientDecisionDocument = answerExample(
  z.object({ address: z.string(), organization_name: z.string(), state: z.enum(['confirmed', 'declined']) }),
  { address: sample.email, organization_name: 'Example Corp', state: 'confirmed' },
);

/** POST /api/dm/recipient-confirmations/resend/: mail the link again to a waiting address. */
export const recipientResendBody = bodyExample(z.object({ address: emailField() }), {
  address: sample.email,
});

export const recipientResendDocument = answerExample(z.object({ detail: z.string() }), {
  detail: confirmationSent,
});
