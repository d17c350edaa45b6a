import { z } from 'zod';
import { observed } from './alerts';
import { idField } from './fields';
import { listDocument, listExample } from './paging';
import { answerExample, bodyExample, sample } from './example';

// An alert rule's firings and recoveries on the wire (/alerts/{id}/firings/), and what a reader does with a
// firing: acknowledge or snooze it, from the console or from the signed links of its mail.

const firingAckFields = {
  /** Acknowledged: no more mail about this incident until it recovers. */
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  /** Snoozed: its mail waits until then (and goes if the incident is still open). */
  snoozed_until: z.string().nullable(),
};

export const firingResourceSchema = z.object({
  type: z.literal('alert_firings'),
  id: z.number().int(),
  attributes: z.object({
    subject: z.string(),
    kind: z.enum(['firing', 'recovery']),
    /** The UTC day the data covers (not the day it arrived). */
    day: z.string(),
    observed,
    fired_at: z.string(),
    emails_sent: z.number().int(),
    /** Held by the rule's cool-down, not mailed yet; next_send_at: when it goes. */
    pending: z.boolean(),
    next_send_at: z.string().nullable(),
    ...firingAckFields,
  }),
});
const firingExample = {
  type: 'alert_firings' as const,
  id: 310,
  attributes: {
    subject: sample.domain,
    kind: 'firing' as const,
    day: sample.endDay,
    observed: { failure_rate: 8.4, messages: 1250 },
    fired_at: sample.laterTime,
    emails_sent: 1,
    pending: false,
    next_send_at: null,
    acknowledged_at: null as string | null,
    acknowledged_by: null as string | null,
    snoozed_until: null,
  },
};
export const firingListDocument = listExample(
  listDocument(firingResourceSchema),
  '/api/dm/alerts/5/firings/',
  [firingExample],
);

export const snoozeDurations = ['1h', '1d', '1w'] as const;
export type SnoozeDuration = (typeof snoozeDurations)[number];
export const firingIdParams = z.object({ id: idField(), firing_id: idField() });
export const firingSnoozeBody = bodyExample(z.object({ duration: z.enum(snoozeDurations) }), {
  duration: '1d',
});
export const firingDocument = answerExample(z.object({ data: firingResourceSchema }), {
  data: {
    ...firingExample,
    attributes: {
      ...firingExample.attributes,
      acknowledged_at: sample.laterTime,
      acknowledged_by: 'ana@example.com',
    },
  },
});

// The mail's acknowledge and snooze links (/alerts/firing-action/): a signed token, no sign-in; GET shows a
// page whose button POSTs (mail scanners open links and must not act), POST acts.
export const firingActionQuery = z.object({ token: z.string().max(2000).optional() });
export const firingActionBody = bodyExample(z.object({ token: z.string().max(2000).optional() }).optional(), {
  token: '<the token of the link>',
});
export const firingActionPage = z.string().describe('text/html');
