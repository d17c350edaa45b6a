import { z } from 'zod';
import { code, type ErrorCode } from './error-codes';
import { blankMessage, idField, text } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';
import { destinationStatesSchema } from './recipients';

// Digest reports on the wire (snake_case), under /api/dm/digest-reports/ (docs/DIGESTS.md). Three types:
// - `scheduled`: a report a user defines (name, scope, time frame, flags, recipients, schedule), any number
//   up to the organization's `digest_reports` benefit;
// - `weekly`: the organization's weekly digest (all domains, last 7 days), at most one per organization;
// - `monthly`: the organization's monthly digest (all domains, last calendar month), at most one.
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

export const digestTypes = ['scheduled', 'weekly', 'monthly'] as const;
export const digestTimeFrames = ['last_day', 'last_7_days', 'last_30_days', 'last_month'] as const;
export const digestFrequencies = ['daily', 'weekly', 'monthly'] as const;

// Codes of the errors catalogue (locales/<lang>/errors.json); onePerType and fixedFrame name the {{type}}.
export const digestMessages = {
  zone: 'digest_time_zone',
  weekday: 'digest_weekday',
  monthday: 'digest_monthday',
  email: 'invalid_email',
  recipients: 'digest_recipients',
  scope: 'digest_scope',
  onePerType: 'digest_one_per_type',
  nameTaken: 'digest_name_taken',
  fixedFrame: 'digest_fixed_frame',
} as const satisfies Record<string, ErrorCode>;

const email = z
  .string()
  .trim()
  .min(1, blankMessage)
  .max(254, code('max_length'))
  .regex(/^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/, digestMessages.email)
  .transform((v) => v.toLowerCase());

export const digestScheduleSchema = z.object({
  frequency: z.enum(digestFrequencies),
  /** ISO weekday, 1 = Monday; weekly schedules only. */
  day_of_week: z.number().int().min(1).max(7).nullable(),
  /** 1-31 (the last day of a shorter month); monthly schedules only. */
  day_of_month: z.number().int().min(1).max(31).nullable(),
  /** Hour of the day (0-23) in time_zone. */
  hour: z.number().int().min(0).max(23),
  /** IANA time zone name. */
  time_zone: z.string().min(1).max(64),
});

const scheduleInput = z.object({
  frequency: z.enum(digestFrequencies),
  day_of_week: z.coerce.number().int().min(1).max(7).nullable().optional(),
  day_of_month: z.coerce.number().int().min(1).max(31).nullable().optional(),
  hour: z.coerce.number().int().min(0).max(23),
  time_zone: z.string().trim().min(1, blankMessage).max(64),
});

export const digestBodyShape = {
  name: text(120),
  schedule: scheduleInput,
  time_frame: z.enum(digestTimeFrames),
  all_domains: z.boolean(),
  domain_group: idField().nullable(),
  specific_domains: z.array(idField()).max(1000),
  include_details_per_system: z.boolean(),
  include_aggregation_by_ip: z.boolean(),
  include_aggregation_by_sender_service: z.boolean(),
  destination_addresses: z.array(email).max(50),
  /** On a period without reports: send a "no reports received" mail, or skip it. */
  quiet_week: z.enum(['send', 'skip']),
  /** The language of mail to addresses that are not members (members get their own). */
  language: z.enum(['en', 'pt']),
};

/** POST /digest-reports/{type}/: every field but name and destination_addresses has a default. */
export const digestCreateBody = bodyExample(
  z.object({
    ...digestBodyShape,
    schedule: scheduleInput.optional(),
    time_frame: digestBodyShape.time_frame.optional(),
    all_domains: digestBodyShape.all_domains.optional(),
    domain_group: digestBodyShape.domain_group.optional(),
    specific_domains: digestBodyShape.specific_domains.optional(),
    include_details_per_system: digestBodyShape.include_details_per_system.optional(),
    include_aggregation_by_ip: digestBodyShape.include_aggregation_by_ip.optional(),
    include_aggregation_by_sender_service: digestBodyShape.include_aggregation_by_sender_service.optional(),
    quiet_week: digestBodyShape.quiet_week.optional(),
    language: digestBodyShape.language.optional(),
  }),
  {
    name: 'Weekly DMARC summary',
    schedule: { frequency: 'weekly', day_of_week: 1, hour: 8, time_zone: 'Europe/Lisbon' },
    time_frame: 'last_7_days',
    all_domains: false,
    domain_group: 3,
    include_details_per_system: true,
    include_aggregation_by_ip: true,
    destination_addresses: ['dmarc-team@example.com'],
    quiet_week: 'send',
    language: 'en',
  },
);
export type DigestCreateBody = z.output<typeof digestCreateBody>;
export const digestPatchBody = bodyExample(digestCreateBody.partial(), {
  destination_addresses: ['dmarc-team@example.com', 'ana@example.com'],
});
export type DigestPatchBody = z.output<typeof digestPatchBody>;

export const digestTypeParams = z.object({ type: z.enum(digestTypes) });
export const digestParams = z.object({ type: z.enum(digestTypes), id: idField() });
export const digestListQuery = z.object({
  ...pageQueryShape,
  type: z.enum(digestTypes).optional(),
  search: z.string().max(120).optional(),
  // Support may pick an organization; others may only name their own.
  organization: idField().optional(),
});

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const digestResourceSchema = z.object({
  type: z.literal('digest_reports'),
  id: z.number().int(),
  attributes: z.object({
    report_type: z.enum(digestTypes),
    name: z.string(),
    schedule: digestScheduleSchema,
    time_frame: z.enum(digestTimeFrames),
    all_domains: z.boolean(),
    domain_group: z.number().int().nullable(),
    domain_group_name: z.string().nullable(),
    specific_domains: z.array(z.number().int()),
    /** Names of the domains the report covers now. */
    domains: z.array(z.string()),
    include_details_per_system: z.boolean(),
    include_aggregation_by_ip: z.boolean(),
    include_aggregation_by_sender_service: z.boolean(),
    destination_addresses: z.array(z.string()),
    /** Each address with its state: only `member` and `confirmed` ones get mail (docs/DIGESTS.md). */
    destination_states: destinationStatesSchema,
    quiet_week: z.enum(['send', 'skip']),
    language: z.enum(['en', 'pt']),
    organization: z.number().int(),
    next_run: z.string().nullable(),
    last_sent: z.string().nullable(),
    created_at: z.string(),
  }),
});
const digestExample: z.output<typeof digestResourceSchema> = {
  type: 'digest_reports',
  id: 8,
  attributes: {
    report_type: 'scheduled',
    name: 'Weekly DMARC summary',
    schedule: {
      frequency: 'weekly',
      day_of_week: 1,
      day_of_month: null,
      hour: 8,
      time_zone: 'Europe/Lisbon',
    },
    time_frame: 'last_7_days',
    all_domains: false,
    domain_group: 3,
    domain_group_name: 'Marketing',
    specific_domains: [],
    domains: [sample.domain, sample.otherDomain],
    include_details_per_system: true,
    include_aggregation_by_ip: true,
    include_aggregation_by_sender_service: false,
    destination_addresses: ['dmarc-team@example.com'],
    destination_states: [{ address: 'dmarc-team@example.com', state: 'confirmed' }],
    quiet_week: 'send',
    language: 'en',
    organization: 4,
    next_run: '2026-05-11T07:00:00.000Z',
    last_sent: '2026-05-04T07:00:04.000Z',
    created_at: sample.time,
  },
};
export const digestDocument = answerExample(z.object({ data: digestResourceSchema }), {
  data: digestExample,
});
export const digestListDocument = listExample(listDocument(digestResourceSchema), '/api/dm/digest-reports/', [
  digestExample,
]);

export const digestSendSchema = z.object({
  type: z.literal('digest_sends'),
  id: z.number().int(),
  attributes: z.object({
    period_begin: dayText,
    period_end: dayText,
    kind: z.enum(['scheduled', 'late', 'manual']),
    status: z.enum(['sent', 'quiet', 'skipped']),
    recipients: z.number().int(),
    messages: z.number().int(),
    created_at: z.string(),
  }),
});
export const digestSendListDocument = listExample(
  listDocument(digestSendSchema),
  '/api/dm/digest-reports/scheduled/8/sends/',
  [
    {
      type: 'digest_sends',
      id: 40,
      attributes: {
        period_begin: '2026-04-27',
        period_end: '2026-05-03',
        kind: 'scheduled',
        status: 'sent',
        recipients: 1,
        messages: 1,
        created_at: '2026-05-04T07:00:04.000Z',
      },
    },
  ],
);
export const digestSendsQuery = z.object({ ...pageQueryShape });

/** Preview and "send now" may name the period's last day; by default the last full day in the zone. */
export const digestPeriodQuery = z.object({ end_date: z.string().max(10).optional() });

export const digestPreviewDocument = answerExample(
  z.object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    period_begin: dayText,
    period_end: dayText,
    /** The images the HTML references as cid:<cid>, base64 PNG. */
    images: z.array(z.object({ cid: z.string(), content_type: z.string(), content: z.string() })),
  }),
  {
    subject: 'Weekly DMARC summary: 27 Apr - 3 May 2026',
    html: '<h1>Weekly DMARC summary</h1><p>5120 messages, 98.6% passed DMARC.</p><img src="cid:volume">',
    text: 'Weekly DMARC summary\n5120 messages, 98.6% passed DMARC.\n',
    period_begin: '2026-04-27',
    period_end: '2026-05-03',
    images: [
      {
        cid: 'volume',
        content_type: 'image/png',
        content:
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    ],
  },
);

export const digestSendNowDocument = answerExample(
  z.object({
    detail: z.string(),
    recipients: z.number().int(),
    status: z.enum(['sent', 'quiet', 'skipped']),
  }),
  { detail: 'Report sent.', recipients: 1, status: 'sent' },
);
