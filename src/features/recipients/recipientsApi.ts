import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type {
  destinationStatesSchema,
  recipientDecisionBody,
  recipientDecisionDocument,
  recipientResendDocument,
} from '../../../contract/recipients';
import { call } from '../../api/call';
import { recipientOps as ops } from '../../../contract/operations/recipients';

// Outside recipients (docs/DIGESTS.md, "Who gets the mail"): the owner's answer to the mailed link, and a
// new link for a waiting address.

export type DestinationStates = Wire<typeof destinationStatesSchema>;
export type Decision = z.input<typeof recipientDecisionBody>;
export type DecisionResult = Wire<typeof recipientDecisionDocument>;

export async function decide(body: Decision): Promise<DecisionResult> {
  return call(ops.confirm, { body });
}

export async function resend(address: string): Promise<Wire<typeof recipientResendDocument>> {
  return call(ops.resend, { body: { address } });
}
