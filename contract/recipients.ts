import { z } from 'zod';
import { answerExample, bodyExample, sample } from './example';
import { emailField } from './fields';

// Who may get an organization's mail (issue 32, docs/DIGESTS.md "Who gets the mail"): a member's verified
// account address, or an outside address whose owner confirmed it from the link mailed to it.
export const recipientStates = ['member', 'confirmed', 'waiting', 'declined'] as const;
export type RecipientStateName = (typeof recipientStates)[number];

/** Beside destination_addresses in digest reports and alert rules: each address with its state. */
export const destinationStatesSchema = z.array(
  z.object({ address: z.string(), state: z.enum(recipientStates) }),
);

export const recipientMessages = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. Ask the organization to send a new one.',
  used: 'This link was already used.',
  notWaiting: 'This address is not waiting for confirmation.',
  confirmationSent: 'Confirmation e-mail sent.',
} as const;

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
  detail: recipientMessages.confirmationSent,
});
