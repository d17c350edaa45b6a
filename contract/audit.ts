import { z } from 'zod';
import { code } from './error-codes';
import { calendarDayOrTime, idField } from './fields';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from './paging';
import { answerExample, sample } from './example';

// The audit log on the wire: GET /api/ph/v2/audit/operations/ (the caller's organization, support every one).

/**
 * Every operation the server writes to the audit log (withAudit and the CLI / job writers take only these),
 * so the console has a label for each in both languages (locales/<lang>/auditOperations.json).
 */
export const auditOperationNames = [
  '2fa.disable',
  '2fa.setup.confirm',
  '2fa.setup.start',
  'account.alerts_email.update',
  'account.confirm',
  'account.password.change',
  'account.password_reset.confirm',
  'account.password_reset.request',
  'account.register',
  'alerts.create',
  'alerts.delete',
  'alerts.firing.acknowledge',
  'alerts.firing.snooze',
  'alerts.unsubscribe',
  'alerts.update',
  'authenticate',
  'authenticate.recovery',
  'authenticate.refresh',
  'billing.checkout',
  'billing.legacy.cancel',
  'billing.legacy.checkout',
  'billing.legacy.customer',
  'billing.legacy.payment_intent',
  'billing.legacy.portal',
  'billing.portal',
  'billing.subscription.cancel',
  'billing.subscription.end_trial',
  'billing.subscription.resume',
  'billing.subscription.sync',
  'bootstrap.owner.create',
  'cli.seed.demo',
  'cli.seed.demo.data',
  'cli.users.create',
  'contact.create',
  'demo.load',
  'digest_reports.create',
  'digest_reports.delete',
  'digest_reports.send',
  'digest_reports.unsubscribe',
  'digest_reports.update',
  'dns.dnssec',
  'dns.fix_apply',
  'dns.outside_change',
  'dns.report_domain_records',
  'dns.revert',
  'dns.zone_control_lost',
  'dns.zone_create',
  'dns.zone_delete',
  'dns.zone_import',
  'dns.zone_update',
  'domain_groups.create',
  'domain_groups.delete',
  'domain_groups.domains.create',
  'domain_groups.domains.delete',
  'domain_groups.update',
  'domains.create',
  'domains.delete',
  'domains.recheck',
  'domains.verify',
  'email_senders.create',
  'email_senders.delete',
  'email_senders.logo.delete',
  'email_senders.logo.update',
  'email_senders.networks.create',
  'email_senders.networks.delete',
  'email_senders.networks.refresh',
  'email_senders.networks.update',
  'email_senders.recalculate',
  'email_senders.update',
  'ip.delist.create',
  'job.failed',
  'jobs.purge',
  'jobs.retry',
  'mail.held',
  'mail.held.summary',
  'member_registrations.confirm',
  'member_registrations.create',
  'member_registrations.resend',
  'organizations.admins.create',
  'organizations.admins.delete',
  'organizations.create',
  'organizations.delete',
  'organizations.domains.create',
  'organizations.domains.delete',
  'organizations.domains.update',
  'organizations.members.create',
  'organizations.members.delete',
  'organizations.owner.update',
  'organizations.update',
  'publications.seen',
  'recipients.decide',
  'recipients.resend',
  'reports.upload',
  'settings.organization.update',
  'users.create',
  'users.delete',
  'users.domains.update',
  'users.email_change.cancel',
  'users.email_change.confirm',
  'users.groups.update',
  'users.settings.update',
  'users.update',
] as const;
export type AuditOperationName = (typeof auditOperationNames)[number];

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Any JSON value: what an operation was asked is the request it came from, so its shape is the caller's. */
export const jsonValueSchema: z.ZodType<Json, Json> = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.lazy(() => jsonValueSchema)),
    z.record(
      z.string(),
      z.lazy(() => jsonValueSchema),
    ),
  ])
  .meta({ id: 'JsonValue' });

export const operationResourceSchema = z.object({
  type: z.literal('operations'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string().describe('What was done, e.g. users.create or domains.delete'),
    date: z.string(),
    user: z.number().int().nullable(),
    request: z
      .record(z.string(), jsonValueSchema)
      .describe(
        'For an API call {method, path, ip, body} with secret fields redacted; for the CLI and background ' +
          'jobs the arguments they acted on',
      ),
    response: z.object({ status: z.number().int() }),
  }),
});

export const auditList = answerExample(
  z.object({
    data: z.array(operationResourceSchema),
    links: pageLinksSchema,
    meta: pageMetaSchema.extend({
      operations: z.array(z.string()).describe('Every operation name in scope, for the filter'),
    }),
  }),
  {
    data: [
      {
        type: 'operations',
        id: 3301,
        attributes: {
          name: 'domains.create',
          date: sample.time,
          user: 7,
          request: {
            method: 'POST',
            path: '/api/dm/domains/create/',
            ip: sample.ip,
            body: { name: sample.otherDomain },
          },
          response: { status: 201 },
        },
      },
    ],
    links: {
      current: '/api/ph/v2/audit/operations/?page=1',
      first: '/api/ph/v2/audit/operations/?page=1',
      last: '/api/ph/v2/audit/operations/?page=1',
      next: null,
      prev: null,
    },
    meta: {
      count: 1,
      page: 1,
      page_size: 20,
      operations: ['domains.create', 'domains.delete', 'users.create'],
    },
  },
);

// The list's filter: one user, one operation, from a day (or instant) to a day (a bare day means all of it).
// The route reads server/modules/audit/list.ts's schema, which names the same fields.
const day = calendarDayOrTime(code('date_invalid'));
export const auditQuery = z.object({
  ...pageQueryShape,
  user: idField().optional(),
  operation: z.string().max(100).optional(),
  date_from: day.optional(),
  date_to: day.optional(),
});
