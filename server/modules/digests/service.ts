import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { askConfirmations, destinationStates } from '../recipients';
import { lockedBenefits } from '../shared/organization-rows';
import { overPlanLimit } from '../shared/plan-limits';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, isAdminOf, isSupport } from '../../lib/permissions';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import {
  digestMessages,
  type DigestCreateBody,
  type DigestPatchBody,
  digestTypes,
} from '../../../contract/digests';
import { isTimeZone, nextRun, type TimeFrame } from './calendar';
import {
  countSchedules,
  deleteSchedule,
  findSchedule,
  insertSchedule,
  lastSent,
  listSchedules,
  listSends,
  nameTaken,
  scheduleOrganization,
  type ScheduleRow,
  updateSchedule,
} from './repo';
import { checkScope, groupName, scopeDomains } from './scope';

type DigestType = (typeof digestTypes)[number];

export const reportDeleted = 'Report deleted.';

// Admins and owners of the organization manage its reports; support reads any. A report shows figures of
// every domain in its scope, so members (who may be limited to some domains) do not see them.
function organizationOf(actor: Actor, write: boolean, organization?: number): number | 'all' {
  if (isSupport(actor)) {
    if (write) throw forbidden();
    return organization ?? 'all';
  }
  if (actor.organizationId === null || !isAdminOf(actor, actor.organizationId)) throw forbidden();
  if (organization !== undefined && organization !== actor.organizationId) throw notFound();
  return actor.organizationId;
}

export async function visibleSchedule(db: Db, actor: Actor, type: DigestType, id: number, write = false) {
  const org = organizationOf(actor, write);
  let row: ScheduleRow | undefined;
  if (org === 'all') {
    // Support reads any organization's: the id names it.
    const organizationId = await scheduleOrganization(db, id);
    row = organizationId !== undefined ? await findSchedule(db, organizationId, id) : undefined;
  } else row = await findSchedule(db, org, id);
  if (!row || row.type !== type) throw notFound();
  return row;
}

export async function resourceOf(db: Db, row: ScheduleRow, now: Date, sent?: Date | null) {
  const last = sent === undefined ? (await lastSent(db, row.organization_id, [row.id])).get(row.id) : sent;
  const next = row.destination_addresses.length > 0 ? nextRun(row, now) : null;
  return {
    type: 'digest_reports' as const,
    id: row.id,
    attributes: {
      report_type: row.type,
      name: row.name,
      schedule: {
        frequency: row.frequency,
        day_of_week: row.day_of_week,
        day_of_month: row.day_of_month,
        hour: row.hour,
        time_zone: row.time_zone,
      },
      time_frame: row.time_frame as TimeFrame,
      all_domains: row.all_domains,
      domain_group: row.domain_group_id,
      domain_group_name: await groupName(db, row.organization_id, row.domain_group_id),
      specific_domains: row.specific_domains,
      domains: await scopeDomains(db, row.organization_id, row),
      include_details_per_system: row.include_details_per_system,
      include_aggregation_by_ip: row.include_aggregation_by_ip,
      include_aggregation_by_sender_service: row.include_aggregation_by_sender_service,
      destination_addresses: row.destination_addresses,
      destination_states: await destinationStates(db, row.organization_id, row.destination_addresses),
      quiet_week: row.quiet_week,
      language: row.language,
      organization: row.organization_id,
      next_run: next ? next.toISOString() : null,
      last_sent: last ? last.toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
    },
  };
}

export async function list(
  db: Db,
  actor: Actor,
  query: { page: number; page_size: number; type?: DigestType; search?: string; organization?: number },
  url: string,
  now: Date,
) {
  const p = paging(query);
  const org = organizationOf(actor, false, query.organization);
  const { rows, count } = await listSchedules(db, org, query, p.offset, p.pageSize);
  const data = [];
  for (const row of rows) data.push(await resourceOf(db, row, now));
  return { data, links: pageLinks(url, p, count), meta: pageMeta(p, count) };
}

export async function sendsOf(
  db: Db,
  actor: Actor,
  type: DigestType,
  id: number,
  query: { page: number; page_size: number },
  url: string,
) {
  const row = await visibleSchedule(db, actor, type, id);
  const p = paging(query);
  const { rows, count } = await listSends(db, row.organization_id, row.id, p.offset, p.pageSize);
  const data = rows.map((s) => ({
    type: 'digest_sends' as const,
    id: Number(s.id),
    attributes: {
      period_begin: s.period_begin,
      period_end: s.period_end,
      kind: s.kind,
      status: s.status,
      recipients: s.recipients,
      messages: Number(s.messages),
      created_at: new Date(s.created_at).toISOString(),
    },
  }));
  return { data, links: pageLinks(url, p, count), meta: pageMeta(p, count) };
}

type Fields = {
  name: string;
  frequency: ScheduleRow['frequency'];
  day_of_week: number | null;
  day_of_month: number | null;
  hour: number;
  time_zone: string;
  time_frame: string;
  all_domains: boolean;
  domain_group_id: number | null;
  specific_domains: number[];
  include_details_per_system: boolean;
  include_aggregation_by_ip: boolean;
  include_aggregation_by_sender_service: boolean;
  destination_addresses: string[];
  quiet_week: 'send' | 'skip';
  language: 'en' | 'pt';
};

const defaults = (type: DigestType): Fields => ({
  name: '',
  frequency: type === 'monthly' ? 'monthly' : 'weekly',
  day_of_week: type === 'monthly' ? null : 1,
  day_of_month: type === 'monthly' ? 1 : null,
  hour: 8,
  time_zone: 'UTC',
  time_frame: type === 'monthly' ? 'last_month' : 'last_7_days',
  all_domains: true,
  domain_group_id: null,
  specific_domains: [],
  include_details_per_system: type !== 'scheduled',
  include_aggregation_by_ip: type !== 'scheduled',
  include_aggregation_by_sender_service: type !== 'scheduled',
  destination_addresses: [],
  quiet_week: 'send',
  language: 'en',
});

const fieldsOf = (r: ScheduleRow): Fields => ({
  name: r.name,
  frequency: r.frequency,
  day_of_week: r.day_of_week,
  day_of_month: r.day_of_month,
  hour: r.hour,
  time_zone: r.time_zone,
  time_frame: r.time_frame,
  all_domains: r.all_domains,
  domain_group_id: r.domain_group_id,
  specific_domains: r.specific_domains,
  include_details_per_system: r.include_details_per_system,
  include_aggregation_by_ip: r.include_aggregation_by_ip,
  include_aggregation_by_sender_service: r.include_aggregation_by_sender_service,
  destination_addresses: r.destination_addresses,
  quiet_week: r.quiet_week,
  language: r.language,
});

function merged(base: Fields, body: DigestPatchBody): Fields {
  const s = body.schedule;
  const f: Fields = {
    ...base,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(s
      ? {
          frequency: s.frequency,
          day_of_week: s.day_of_week ?? null,
          day_of_month: s.day_of_month ?? null,
          hour: s.hour,
          time_zone: s.time_zone,
        }
      : {}),
    ...(body.time_frame !== undefined ? { time_frame: body.time_frame } : {}),
    ...(body.all_domains !== undefined ? { all_domains: body.all_domains } : {}),
    ...(body.domain_group !== undefined ? { domain_group_id: body.domain_group } : {}),
    ...(body.specific_domains !== undefined ? { specific_domains: [...new Set(body.specific_domains)] } : {}),
    ...(body.include_details_per_system !== undefined
      ? { include_details_per_system: body.include_details_per_system }
      : {}),
    ...(body.include_aggregation_by_ip !== undefined
      ? { include_aggregation_by_ip: body.include_aggregation_by_ip }
      : {}),
    ...(body.include_aggregation_by_sender_service !== undefined
      ? { include_aggregation_by_sender_service: body.include_aggregation_by_sender_service }
      : {}),
    ...(body.destination_addresses !== undefined
      ? { destination_addresses: [...new Set(body.destination_addresses)] }
      : {}),
    ...(body.quiet_week !== undefined ? { quiet_week: body.quiet_week } : {}),
    ...(body.language !== undefined ? { language: body.language } : {}),
  };
  if (f.all_domains) Object.assign(f, { domain_group_id: null, specific_domains: [] });
  return f;
}

async function validate(db: Db, organizationId: number, type: DigestType, f: Fields, exceptId?: number) {
  if (!isTimeZone(f.time_zone)) throw fieldError('schedule', digestMessages.zone);
  if (f.frequency === 'weekly' && f.day_of_week === null)
    throw fieldError('schedule', digestMessages.weekday);
  if (f.frequency === 'monthly' && f.day_of_month === null)
    throw fieldError('schedule', digestMessages.monthday);
  if (f.frequency !== 'weekly') f.day_of_week = null;
  if (f.frequency !== 'monthly') f.day_of_month = null;
  if (type !== 'scheduled') {
    const fixed = defaults(type);
    if (f.frequency !== fixed.frequency || f.time_frame !== fixed.time_frame || !f.all_domains)
      throw fieldError('schedule', digestMessages.fixedFrame, { type });
  }
  if (f.destination_addresses.length === 0)
    throw fieldError('destination_addresses', digestMessages.recipients);
  if (await nameTaken(db, organizationId, f.name, exceptId))
    throw fieldError('name', digestMessages.nameTaken);
  await checkScope(db, organizationId, f);
}

/** Where a save queues mail: the confirmation links of new outside addresses (sent after the commit). */
export type MailQueue = { ctx: AppContext; outbox: number[] };

export async function create(
  db: Db,
  actor: Actor,
  type: DigestType,
  body: DigestCreateBody,
  now: Date,
  mail: MailQueue,
) {
  const org = organizationOf(actor, true) as number;
  // Both paths lock the organization's row: two creations at once cannot both pass.
  if (type === 'scheduled') {
    const over = await overPlanLimit(db, org, 'digest_reports', () => countSchedules(db, org, 'scheduled'));
    if (over) throw over;
  } else {
    await lockedBenefits(db, org);
    if ((await countSchedules(db, org, type)) > 0)
      throw fieldError('non_field_errors', digestMessages.onePerType, { type });
  }
  const f = merged(defaults(type), body);
  await validate(db, org, type, f);
  const row = await insertSchedule(db, { ...f, organization_id: org, type, created_by: actor.id });
  await askConfirmations(mail.ctx, db, mail.outbox, org, f.destination_addresses, f.language);
  return { data: await resourceOf(db, row, now, null) };
}

export async function update(
  db: Db,
  actor: Actor,
  type: DigestType,
  id: number,
  body: DigestPatchBody,
  now: Date,
  mail: MailQueue,
) {
  const row = await visibleSchedule(db, actor, type, id, true);
  const f = merged(fieldsOf(row), body);
  await validate(db, row.organization_id, type, f, row.id);
  const saved = await updateSchedule(db, row, { ...f, updated_at: now });
  await askConfirmations(mail.ctx, db, mail.outbox, row.organization_id, f.destination_addresses, f.language);
  return { data: await resourceOf(db, saved, now) };
}

export async function remove(db: Db, actor: Actor, type: DigestType, id: number) {
  const row = await visibleSchedule(db, actor, type, id, true);
  await deleteSchedule(db, row);
  return { detail: reportDeleted };
}
