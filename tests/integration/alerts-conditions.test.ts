import { runJobNow } from '../../server/jobs/handle';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, firingsOf, ingestDay, runEvaluations } from './alerts-setup';
import { ingestFile } from '../../server/ingest/ingest-file';
import { call } from './support/orgs';

// Each condition of the catalogue driven by ingested aggregate reports: the days they cover decide, the
// queue's evaluation (or the hourly sweep, for what did not arrive) judges them.

let w: AlertWorld;
const names = ['auth.example.com', 'volume.example.com', 'quiet.example.com', 'sources.example.com'];
const fresh = 'fresh.example.com';
const tlsDomain = 'tls.example.com';

beforeAll(async () => {
  w = await alertWorld(names[0]!);
  for (const name of [...names.slice(1), fresh, tlsDomain])
    await w.t.db
      .insertInto('domains')
      .values({ name, organization_id: w.a.org.id, verified_at: new Date() })
      .execute();
}, 120_000);
afterAll(() => w?.close());

async function rule(body: Record<string, unknown>): Promise<number> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type: 'domain',
    destination_addresses: ['conditions@example.com'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const kinds = async (id: number) => (await firingsOf(w.t, id)).map((f) => [f.kind, f.subject, f.day]);

describe('alert conditions', () => {
  it('SPF failure rate counts an unaligned pass as a failure unless told not to; DKIM failure rate', async () => {
    const domain = names[0]!;
    const target_selection = domain;
    const unaligned = await rule({ target_selection, condition: 'spf_failure_rate' });
    const strict = await rule({
      target_selection,
      condition: 'spf_failure_rate',
      params: { count_unaligned_pass: false, min_messages: 10 },
    });
    const dkim = await rule({
      target_selection,
      condition: 'dkim_failure_rate',
      params: { min_messages: 10 },
    });
    const guarded = await rule({
      target_selection,
      condition: 'dmarc_failure_rate',
      params: { min_messages: 1000 },
    });
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 100, spfUnaligned: 50, fail: 20 });
    await runEvaluations(w.t);
    const unalignedFiring = await firingsOf(w.t, unaligned);
    expect(unalignedFiring.map((f) => f.observed)).toEqual([
      { rate: 41.18, failed: 70, messages: 170, from: dayAgo(2), to: dayAgo(2) },
    ]);
    // Only the 20 with no SPF pass at all: 11.76 % is above the default 10 %.
    expect((await firingsOf(w.t, strict)).map((f) => f.observed.failed)).toEqual([20]);
    expect((await firingsOf(w.t, dkim)).map((f) => f.observed.failed)).toEqual([20]);
    // 170 messages are below the minimum volume of 1000: nothing is judged.
    expect(await firingsOf(w.t, guarded)).toEqual([]);
  });

  it('volume spike against the trailing median of the baseline days', async () => {
    const domain = names[1]!;
    const id = await rule({
      target_selection: domain,
      condition: 'volume_change',
      params: { factor: 3, baseline_days: 7, direction: 'spike', min_messages: 50 },
    });
    for (let n = 10; n >= 3; n--) await ingestDay(w.t, { domain, day: dayAgo(n), pass: 100 });
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 290 });
    await runEvaluations(w.t);
    expect(await firingsOf(w.t, id)).toEqual([]);
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 400 });
    await runEvaluations(w.t);
    expect(await kinds(id)).toEqual([['firing', domain, dayAgo(1)]]);
    expect((await firingsOf(w.t, id))[0]!.observed).toEqual({
      direction: 'spike',
      messages: 400,
      baseline_median: 100,
    });
  });

  it('no report for N days, overall and per reporter, judged by the sweep; a report clears it', async () => {
    const domain = names[2]!;
    const id = await rule({ target_selection: domain, condition: 'no_reports', params: { days: 3 } });
    await ingestDay(w.t, { domain, day: dayAgo(8), pass: 10, reporter: 'Big Mailbox' });
    await ingestDay(w.t, { domain, day: dayAgo(6), pass: 10, reporter: 'Small Mailbox' });
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, reporter: 'Small Mailbox' });
    await runEvaluations(w.t);
    await runJobNow(w.t.ctx, alertSweepJob());
    // Small Mailbox reported two days ago: only Big Mailbox has been quiet for 3 days.
    expect(await kinds(id)).toEqual([['firing', `${domain} · Big Mailbox`, dayAgo(1)]]);
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 10, reporter: 'Big Mailbox' });
    await runEvaluations(w.t);
    expect(await kinds(id)).toEqual([
      ['firing', `${domain} · Big Mailbox`, dayAgo(1)],
      ['recovery', `${domain} · Big Mailbox`, dayAgo(1)],
    ]);
  });

  it('a new sending source after the learning period, once per source; a new domain does not fire', async () => {
    const domain = names[3]!;
    const id = await rule({
      target_selection: domain,
      condition: 'new_source',
      params: { learning_days: 7 },
    });
    const young = await rule({
      target_selection: fresh,
      condition: 'new_source',
      params: { learning_days: 7 },
    });
    for (const n of [20, 15, 10, 5]) await ingestDay(w.t, { domain, day: dayAgo(n), pass: 10 });
    await ingestDay(w.t, { domain, day: dayAgo(3), pass: 10, ip: '192.0.2.99' });
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, ip: '192.0.2.99' });
    await ingestDay(w.t, { domain: fresh, day: dayAgo(2), pass: 10, ip: '192.0.2.77' });
    await runEvaluations(w.t);
    expect(await kinds(id)).toEqual([['firing', '192.0.2.99', dayAgo(3)]]);
    expect(await firingsOf(w.t, young)).toEqual([]);
  });

  it('TLS-RPT failures above a number of sessions, from ingested SMTP TLS reports (RFC 8460)', async () => {
    const id = await rule({
      target_selection: tlsDomain,
      condition: 'tls_failures',
      params: { min_failed_sessions: 50, threshold_percent: 5 },
    });
    const tlsReport = (day: string, ok: number, failed: number) => ({
      'organization-name': 'Receiver X',
      'date-range': { 'start-datetime': `${day}T00:00:00Z`, 'end-datetime': `${day}T23:59:59Z` },
      'contact-info': 'tlsrpt@receiver.example',
      'report-id': `tls-${day}-${failed}`,
      policies: [
        {
          policy: { 'policy-type': 'sts', 'policy-domain': tlsDomain, 'mx-host': [`mx.${tlsDomain}`] },
          summary: { 'total-successful-session-count': ok, 'total-failure-session-count': failed },
          'failure-details': failed
            ? [
                {
                  'result-type': 'certificate-expired',
                  'sending-mta-ip': '192.0.2.1',
                  'receiving-mx-hostname': `mx.${tlsDomain}`,
                  'failed-session-count': failed,
                },
              ]
            : [],
        },
      ],
    });
    for (const [day, ok, failed] of [
      [dayAgo(3), 1000, 20],
      [dayAgo(2), 900, 120],
    ] as const) {
      const bytes = Buffer.from(JSON.stringify(tlsReport(day, ok, failed)));
      const stored = await ingestFile(w.t.db, { name: `tls-${day}.json`, bytes, source: 'cli' });
      expect(stored.reports.map((r) => [r.kind, r.status])).toEqual([['tls', 'imported']]);
    }
    await runEvaluations(w.t);
    // 20 failed sessions are below the minimum; 120 of 1020 (11.76 %) trip it.
    expect(await kinds(id)).toEqual([['firing', tlsDomain, dayAgo(2)]]);
    expect((await firingsOf(w.t, id))[0]!.observed).toMatchObject({ failed_sessions: 120, sessions: 1020 });
  });
});
