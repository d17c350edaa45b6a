import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import type { AppContext } from '../../server/context';
import { runJobNow } from '../../server/jobs/handle';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { queueSchema } from '../../server/jobs/boss';
import { createMailer } from '../../server/mail/send';
import { periodFor } from '../../server/modules/digests/calendar';
import { digestFigures } from '../../server/modules/digests/content';
import {
  planDigestsJob,
  sendDigestJob,
  sendDigestQueue,
  type DigestJobData,
} from '../../server/modules/digests/jobs';
import { findSchedule } from '../../server/modules/digests/repo';
import { analyticsFixture } from './analytics-setup';
import { call } from './support/orgs';
import { confirmWaitingRecipients, isConfirmationMail } from './support/recipients';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';

// Sending digests: the figures are the analytics endpoints' own, a (schedule, period) goes out
// once whatever runs it twice, a quiet period is sent or skipped as chosen, the mail arrives over SMTP with
// HTML, text and a PNG chart, and its unsubscribe link works.

type Fixture = Awaited<ReturnType<typeof analyticsFixture>>;
let f: Fixture;
let smtp: SlowSmtp;
let ctx: AppContext;
let queue: Queue;
let lastDay: string;
const at = { now: new Date() };

beforeAll(async () => {
  f = await analyticsFixture();
  smtp = await startSlowSmtp(0, { ignore: isConfirmationMail });
  const logger = pino({ level: 'silent' });
  const config = { ...f.t.ctx.config, smtpUrl: smtp.url, mailFrom: 'msas@example.com' };
  ctx = {
    ...f.t.ctx,
    config: { ...config, jobs: { pollSeconds: 1, maintenanceSeconds: 1, stopTimeoutSeconds: 2 } },
    mailer: createMailer(config, logger),
    now: () => at.now,
  };
  queue = await openQueue(ctx, { jobs: [planDigestsJob(), sendDigestJob()], work: false });
  const { rows } = await sql<{ d: string }>`select max(day)::text as d from dmarc_rollups
    where organization_id = ${f.a.org.id}`.execute(f.t.db);
  lastDay = rows[0].d;
}, 240_000);
afterAll(async () => {
  await queue?.stop();
  ctx?.mailer.close();
  await smtp?.close();
  await f?.t.close();
});

const dayAfter = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function makeSchedule(over: Record<string, unknown>) {
  const r = await call(f.t, 'POST', '/api/dm/digest-reports/scheduled/', f.a.tokens.admin, {
    schedule: { frequency: 'daily', hour: 6, time_zone: 'UTC' },
    time_frame: 'last_30_days',
    include_details_per_system: true,
    include_aggregation_by_ip: true,
    include_aggregation_by_sender_service: true,
    ...over,
  });
  expect(r.statusCode).toBe(201);
  const id = r.json().data.id as number;
  // Made long ago, so the sample reports' days are periods it reports on.
  await sql`update digest_schedules set created_at = '2000-01-01' where id = ${id}`.execute(f.t.db);
  // Its outside addresses stand for confirmed ones (the confirmation rule: recipients.test.ts).
  await confirmWaitingRecipients(f.t.db);
  return (await findSchedule(f.t.db, f.a.org.id, id))!;
}

// The send-digest jobs on the queue for one schedule (pg-boss's own table).
async function jobsFor(scheduleId: number) {
  const { rows } = await sql<{ data: DigestJobData }>`select data from ${sql.id(queueSchema(), 'job')}
    where name = ${sendDigestQueue} and (data->>'scheduleId')::int = ${scheduleId}`.execute(f.t.db);
  return rows.map((r) => r.data);
}

const sends = (id: number) =>
  f.t.db.selectFrom('digest_sends').selectAll().where('schedule_id', '=', id).orderBy('id').execute();
// What a report sent to an address: the confirmation mail its first save asked for is not the report's.
const outboxTo = (to: string) =>
  f.t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to', '=', to)
    .where('text', 'not like', '%/recipient-confirmation#%')
    .execute();

describe('digest figures', () => {
  it('equal the analytics endpoints for the same filter', async () => {
    const row = await makeSchedule({ name: 'Figures', destination_addresses: ['figures@example.com'] });
    const period = periodFor('last_30_days', dayAfter(lastDay));
    const figures = await digestFigures(f.t.db, row, period);
    const q = `begin_date=${period.begin}&end_date=${period.end}`;
    const metrics = (await call(f.t, 'GET', `/api/dm/domains/metrics/?${q}`, f.a.tokens.admin)).json().data
      .attributes;
    expect(metrics.nr_messages).toBeGreaterThan(0);
    expect(figures.total.messages).toBe(metrics.nr_messages);
    expect(figures.total.dmarc).toBe(Math.round((metrics.dmarc.passed / metrics.nr_messages) * 10_000) / 100);
    expect(figures.total.spf).toBe(Math.round((metrics.spf.passed / metrics.nr_messages) * 10_000) / 100);
    expect(figures.total.dkim).toBe(Math.round((metrics.dkim.passed / metrics.nr_messages) * 10_000) / 100);
    const byDomain = (
      await call(f.t, 'GET', `/api/dm/aggregated-by-domain/?${q}&page_size=100`, f.a.tokens.admin)
    ).json().data as { attributes: { domain: string; messages: number; dmarc_passed_percentage: number } }[];
    expect(figures.lines.map((l) => [l.domain, l.now.messages, l.now.dmarc])).toEqual(
      byDomain.map((d) => [d.attributes.domain, d.attributes.messages, d.attributes.dmarc_passed_percentage]),
    );
    // The daily series: the time-series endpoint's points where it has data.
    const series = (await call(f.t, 'GET', `/api/dm/domains/time-series/?${q}`, f.a.tokens.admin)).json()
      .data as { id: string; attributes: { points: { x: string; y: number }[] } }[];
    const points = (id: string) => series.find((x) => x.id === id)!.attributes.points;
    const withData = points('messages').filter((p) => p.y > 0);
    expect(withData.length).toBeGreaterThan(0);
    expect(figures.days.map((d) => [d.day, d.messages, d.dmarc_passed, d.dmarc_failed])).toEqual(
      withData.map((p) => [
        p.x,
        p.y,
        points('dmarc_passed').find((x) => x.x === p.x)!.y,
        points('dmarc_failed').find((x) => x.x === p.x)!.y,
      ]),
    );
    // The period before: its totals and domains are the endpoints' for those dates.
    const qb = `begin_date=${figures.previous.begin}&end_date=${figures.previous.end}`;
    const before = (await call(f.t, 'GET', `/api/dm/domains/metrics/?${qb}`, f.a.tokens.admin)).json().data
      .attributes;
    expect(figures.totalBefore.messages).toBe(before.nr_messages);
    expect(figures.totalBefore.dmarc).toBe(
      before.nr_messages === 0 ? 0 : Math.round((before.dmarc.passed / before.nr_messages) * 10_000) / 100,
    );
    const byDomainBefore = (
      await call(f.t, 'GET', `/api/dm/aggregated-by-domain/?${qb}&page_size=100`, f.a.tokens.admin)
    ).json().data as { attributes: { domain: string; messages: number } }[];
    const beforeOf = new Map(byDomainBefore.map((d) => [d.attributes.domain, d.attributes.messages]));
    for (const l of figures.lines) expect(l.before.messages).toBe(beforeOf.get(l.domain) ?? 0);
    const byIp = (
      await call(f.t, 'GET', `/api/dm/aggregated-by-ip/?${q}&page_size=10`, f.a.tokens.admin)
    ).json().data as { attributes: { source_ip: string; messages: number } }[];
    expect(figures.ips!.map((r) => [r.ip, r.messages])).toEqual(
      byIp.map((r) => [r.attributes.source_ip, r.attributes.messages]),
    );
    const bySender = (
      await call(f.t, 'GET', `/api/dm/aggregated-by-sender-service/?${q}&page_size=10`, f.a.tokens.admin)
    ).json().data as { attributes: { sender_service: string; messages: number } }[];
    expect(figures.senders!.map((r) => [r.sender_service, r.messages])).toEqual(
      bySender.map((r) => [r.attributes.sender_service, r.attributes.messages]),
    );
    // A group's report is the group's figures.
    const group = await makeSchedule({
      name: 'Pair',
      all_domains: false,
      domain_group: f.pairGroupId,
      destination_addresses: ['pair@example.com'],
    });
    const pair = await digestFigures(f.t.db, group, period);
    const groupMetrics = (
      await call(f.t, 'GET', `/api/dm/domain-groups/${f.pairGroupId}/metrics/?${q}`, f.a.tokens.admin)
    ).json().data.attributes;
    expect(pair.total.messages).toBe(groupMetrics.nr_messages);
    expect(pair.lines.every((l) => ['example.com', 'example.net'].includes(l.domain))).toBe(true);
  });
});

describe('sending', () => {
  it('queues one job per (schedule, period) however often the planner runs, and sends it once', async () => {
    const row = await makeSchedule({
      name: 'Once',
      destination_addresses: ['once-1@example.com', 'once-2@example.com'],
    });
    at.now = new Date(`${dayAfter(lastDay)}T06:10:00Z`);
    await runJobNow(ctx, planDigestsJob());
    await runJobNow(ctx, planDigestsJob());
    const jobs = await jobsFor(row.id);
    expect(jobs).toHaveLength(1);
    const data = jobs[0];
    expect(data).toMatchObject({ runDay: dayAfter(lastDay), late: false });
    // Two workers run the same job at once (one was handed it back after an expiry): one sends.
    await Promise.all([runJobNow(ctx, sendDigestJob(), data), runJobNow(ctx, sendDigestJob(), data)]);
    await ctx.mailer.settled();
    expect(await sends(row.id)).toHaveLength(1);
    expect((await sends(row.id))[0]).toMatchObject({ kind: 'scheduled', status: 'sent', recipients: 2 });
    expect(await outboxTo('once-1@example.com')).toHaveLength(1);
    // The period claimed, the planner queues nothing more for it.
    await runJobNow(ctx, planDigestsJob());
    expect(await jobsFor(row.id)).toHaveLength(1);
  });

  it('plans by the wall clock of the schedule zone across the DST changes, once on the repeated hour', async () => {
    const spring = await makeSchedule({
      name: 'Spring',
      schedule: { frequency: 'weekly', day_of_week: 7, hour: 2, time_zone: 'America/New_York' },
      time_frame: 'last_7_days',
      destination_addresses: ['spring@example.com'],
    });
    // 2026-03-08: 02:00 does not happen in New York; the Sunday run moves to 03:00 EDT (07:00 UTC).
    at.now = new Date('2026-03-08T06:59:00Z');
    await runJobNow(ctx, planDigestsJob());
    expect((await jobsFor(spring.id)).map((j) => j.runDay)).toEqual(['2026-03-01']);
    at.now = new Date('2026-03-08T07:00:00Z');
    await runJobNow(ctx, planDigestsJob());
    expect((await jobsFor(spring.id)).map((j) => j.runDay).sort()).toEqual(['2026-03-01', '2026-03-08']);

    const fall = await makeSchedule({
      name: 'Fall',
      schedule: { frequency: 'daily', hour: 1, time_zone: 'America/New_York' },
      time_frame: 'last_day',
      destination_addresses: ['fall@example.com'],
    });
    // 2026-11-01: 01:00-02:00 happens twice; the first one (05:00 UTC) counts, the second adds nothing.
    at.now = new Date('2026-11-01T05:00:00Z');
    await runJobNow(ctx, planDigestsJob());
    at.now = new Date('2026-11-01T06:30:00Z');
    await runJobNow(ctx, planDigestsJob());
    expect(await jobsFor(fall.id)).toEqual([
      { organizationId: fall.organization_id, scheduleId: fall.id, runDay: '2026-11-01', late: false },
    ]);
  });

  it('two workers on the queue send each planned period once', async () => {
    const rows = [];
    for (let i = 0; i < 4; i++)
      rows.push(await makeSchedule({ name: `Pair ${i}`, destination_addresses: [`pair-${i}@example.com`] }));
    at.now = new Date(`${dayAfter(lastDay)}T06:20:00Z`);
    const workers = [
      await openQueue(ctx, { jobs: [sendDigestJob()], work: true }),
      await openQueue(ctx, { jobs: [sendDigestJob()], work: true }),
    ];
    try {
      // Two planners at once, as two processes would.
      await Promise.all([runJobNow(ctx, planDigestsJob()), runJobNow(ctx, planDigestsJob())]);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const done = await f.t.db
          .selectFrom('digest_sends')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(
            'schedule_id',
            'in',
            rows.map((r) => r.id),
          )
          .executeTakeFirstOrThrow();
        if (Number(done.n) === rows.length) break;
        if (Date.now() > deadline) throw new Error('the workers did not send every digest');
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      for (const w of workers) await w.stop();
    }
    await ctx.mailer.settled();
    for (const [i, row] of rows.entries()) {
      expect(await sends(row.id)).toHaveLength(1);
      expect(await outboxTo(`pair-${i}@example.com`)).toHaveLength(1);
      expect((await smtp.waitFor(`pair-${i}@example.com`)).to).toEqual([`pair-${i}@example.com`]);
    }
    expect(smtp.received.filter((m) => m.to[0].startsWith('pair-'))).toHaveLength(rows.length);
  });

  it('a run that crashes before its commit leaves nothing; the retry sends once', async () => {
    const row = await makeSchedule({ name: 'Crash', destination_addresses: ['crash@example.com'] });
    const data = {
      organizationId: row.organization_id,
      scheduleId: row.id,
      runDay: dayAfter(lastDay),
      late: false,
    };
    let calls = 0;
    const crashing: AppContext = {
      ...ctx,
      mailer: {
        ...ctx.mailer,
        queue: async (db, mail) => {
          calls += 1;
          const id = await ctx.mailer.queue(db, mail);
          throw new Error(`worker died after queueing outbox ${id}`);
        },
      },
    };
    await expect(runJobNow(crashing, sendDigestJob(), data)).rejects.toThrow(/worker died/);
    expect(calls).toBe(1);
    expect(await sends(row.id)).toHaveLength(0);
    expect(await outboxTo('crash@example.com')).toHaveLength(0);
    await runJobNow(ctx, sendDigestJob(), data);
    await runJobNow(ctx, sendDigestJob(), data);
    expect(await sends(row.id)).toHaveLength(1);
    expect(await outboxTo('crash@example.com')).toHaveLength(1);
  });

  it('runs of one period at the same time send it once', async () => {
    // On PostgreSQL the three transactions run at once (as the lanes of a worker's batch do): the unique
    // claim makes two of them wait and then find it taken. On PGlite they run one after the other.
    const row = await makeSchedule({ name: 'Race', destination_addresses: ['race@example.com'] });
    const data = {
      organizationId: row.organization_id,
      scheduleId: row.id,
      runDay: dayAfter(lastDay),
      late: false,
    };
    await Promise.all([1, 2, 3].map(() => runJobNow(ctx, sendDigestJob(), data)));
    expect(await sends(row.id)).toHaveLength(1);
    expect(await outboxTo('race@example.com')).toHaveLength(1);
  });

  it('sends a missed period late, once, saying so', async () => {
    const row = await makeSchedule({ name: 'Late', destination_addresses: ['late@example.com'] });
    at.now = new Date(`${dayAfter(lastDay)}T13:00:00Z`);
    await runJobNow(ctx, planDigestsJob());
    const [job] = await jobsFor(row.id);
    expect(job).toMatchObject({ late: true });
    await runJobNow(ctx, sendDigestJob(), job);
    expect((await sends(row.id))[0]).toMatchObject({ kind: 'late' });
    const [mail] = await outboxTo('late@example.com');
    expect(mail.text).toContain('This report is sent late');
  });

  it('on a quiet period sends "no reports received" or skips, as the schedule says', async () => {
    const quiet = await makeSchedule({ name: 'Quiet send', destination_addresses: ['quiet@example.com'] });
    const skip = await makeSchedule({
      name: 'Quiet skip',
      quiet_week: 'skip',
      destination_addresses: ['skip@example.com'],
    });
    const empty = '2999-01-02';
    for (const row of [quiet, skip])
      await runJobNow(ctx, sendDigestJob(), {
        organizationId: row.organization_id,
        scheduleId: row.id,
        runDay: empty,
        late: false,
      });
    expect((await sends(quiet.id))[0]).toMatchObject({
      status: 'quiet',
      recipients: 1,
      messages: expect.anything(),
    });
    expect((await outboxTo('quiet@example.com'))[0].text).toContain('No reports were received');
    expect((await sends(skip.id))[0]).toMatchObject({ status: 'skipped', recipients: 0 });
    expect(await outboxTo('skip@example.com')).toHaveLength(0);
  });

  it('delivers over SMTP: HTML, plain text and the PNG chart, in the member language, with a working unsubscribe link', async () => {
    await f.t.db.updateTable('users').set({ language: 'pt' }).where('id', '=', f.a.owner.id).execute();
    const row = await makeSchedule({
      name: 'Mail',
      destination_addresses: [f.a.owner.email, 'outsider@example.com'],
    });
    const sent = await call(
      f.t,
      'POST',
      `/api/dm/digest-reports/scheduled/${row.id}/send/?end_date=${lastDay}`,
      f.a.tokens.admin,
    );
    expect(sent.json()).toMatchObject({ detail: 'Report sent.', recipients: 2, status: 'sent' });
    // The app's own mailer has no SMTP: hand the queued mail to the capturing relay.
    for (const m of [
      ...(await outboxTo(f.a.owner.email.toLowerCase())),
      ...(await outboxTo('outsider@example.com')),
    ])
      expect(await ctx.mailer.deliver(f.t.db, m.id)).toBe(true);
    const parse = async (to: string): Promise<ParsedMail> => simpleParser((await smtp.waitFor(to)).data);
    const pt = await parse(f.a.owner.email.toLowerCase());
    const en = await parse('outsider@example.com');
    expect(pt.subject).toMatch(/^Mail: relatório DMARC de \d{4}-\d{2}-\d{2} a /);
    expect(en.subject).toMatch(/^Mail: DMARC report /);
    // The HTML names the PNG part by its Content-ID (mailparser resolves it to a data: URI when parsing).
    expect((await smtp.waitFor('outsider@example.com')).data).toMatch(/cid:chart-daily@msas/);
    expect(en.html).toContain('<img src="data:image/png;base64,');
    expect(en.text).toContain('Summary');
    const png = en.attachments.find((a) => a.contentType === 'image/png');
    expect(png?.cid).toBe('chart-daily@msas');
    expect(png!.content.subarray(1, 4).toString()).toBe('PNG');
    const link = /(http\S+\/api\/dm\/digest-reports\/unsubscribe\/\?token=\S+)/.exec(en.text!)![1];
    // RFC 8058 one-click: both header fields, the URL the same signed link (read from the raw message).
    const raw = (await smtp.waitFor('outsider@example.com')).data.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(/^List-Unsubscribe: <(.+)>$/m.exec(raw)?.[1]).toBe(link);
    const console = /(http\S+\/msas\/analytics\/overview\?\S+)/.exec(en.text!)![1];
    expect(new URL(console).searchParams.get('end_date')).toBe(lastDay);

    const url = new URL(link);
    const page = await f.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The link names no reader: the page asks in both languages (locales/<lang>/unsubscribePage.json).
    expect(page.body).toContain(
      '<p>Stop receiving e-mails from this report? / Deixar de receber e-mails deste relatório?</p>',
    );
    const done = await f.t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(url.searchParams.get('token')!)}`,
    });
    expect(done.json()).toMatchObject({ detail: 'You will not receive this report any more.' });
    expect((await findSchedule(f.t.db, row.organization_id, row.id))!.destination_addresses).toEqual([
      f.a.owner.email.toLowerCase(),
    ]);
    // A forged or altered token does nothing.
    const forged = await f.t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${encodeURIComponent(url.searchParams.get('token')!.slice(0, -2))}xx`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    // A mail client's one-click unsubscribe (RFC 8058): POST to the header's URL, token in the query.
    const ptLink = new URL(/(http\S+\/api\/dm\/digest-reports\/unsubscribe\/\?token=\S+)/.exec(pt.text!)![1]);
    const oneClick = await f.t.app.inject({
      method: 'POST',
      url: `${ptLink.pathname}${ptLink.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await findSchedule(f.t.db, row.organization_id, row.id))!.destination_addresses).toEqual([]);
    // The token is in no log line.
    expect(f.t.logs.join('\n')).not.toContain(url.searchParams.get('token')!);
    const history = await call(
      f.t,
      'GET',
      `/api/dm/digest-reports/scheduled/${row.id}/sends/`,
      f.a.tokens.admin,
    );
    expect(history.json().data[0].attributes).toMatchObject({
      kind: 'manual',
      status: 'sent',
      recipients: 2,
    });
  });

  it('previews the report as HTML with its images inline', async () => {
    const row = await makeSchedule({ name: 'Preview', destination_addresses: ['p@example.com'] });
    const r = await call(
      f.t,
      'GET',
      `/api/dm/digest-reports/scheduled/${row.id}/preview/?end_date=${lastDay}`,
      f.a.tokens.admin,
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.period_end).toBe(lastDay);
    expect(body.html).toContain('src="data:image/png;base64,');
    expect(body.images).toHaveLength(1);
    expect(body.text).not.toContain('unsubscribe');
    const pdf = await call(
      f.t,
      'GET',
      `/api/dm/digest-reports/scheduled/${row.id}/pdf/?end_date=${lastDay}`,
      f.a.tokens.admin,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="digest-\d+-.+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
  });
});
