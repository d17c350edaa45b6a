import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type {
  destinationStatesSchema,
  recipientDecisionBody,
  recipientDecisionDocument,
  recipientResendDocument,
} from '../../../contract/recipients';
import { api, apiBase } from '../../api/client';

// Outside recipients (docs/DIGESTS.md, "Who gets the mail"): the owner's answer to the mailed link, and a
// new link for a waiting address.
const ph = apiBase.ph;

export type DestinationStates = Wire<typeof destinationStatesSchema>;
export type Decision = z.input<typeof recipientDecisionBody>;
export type DecisionResult = Wire<typeof recipientDecisionDocument>;

export async function decide(body: Decision): Promise<DecisionResult> {
  return (await api.post<DecisionResult>(`${ph}/recipient-confirmations/`, body, { public: true })).data;
}

export async function resend(address: string): Promise<Wire<typeof recipientResendDocument>> {
  return (
    await api.post<Wire<typeof recipientResendDocument>>(`${ph}/recipient-confirmations/resend/`, { address })
  ).data;
}
