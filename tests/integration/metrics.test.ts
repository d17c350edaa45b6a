import { gzipSync } from 'node:zlib';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { enqueue } from '../../server/jobs/queue';
import type { Job } from '../../server/jobs/job';
import { startSmtpListener, type SmtpListener } from '../../server/mail/inbound/smtp-listener';
import { reportAddress } from '../../server/mail/report-address';
import { listenForMetrics } from '../../server/modules/metrics';
import { reportXml } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { seedTenant, type Tenant } from './support/orgs';

// Prometheus metrics (docs/MONITORING.md): scraped after an API request, a report received by SMTP and
// stored, and one refused at RCPT time; on the API port only with the bearer token, and on a port of its own.

const token = 'metrics-token-0123456789';
let t: TestApp;
let a: Tenant;
let smtp: SmtpListener;
let address: string;
let queue: Queue;
// A queue of the test's own that nothing works on: what is enqueued waits.
const idle: Job = { name: 'metrics-idle', run: async () => {} };

const scrape = async (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
/** The value of one series in Prometheus' text format, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const reportMail = (id: string, to: string) => ({
  from: 'noreply-dmarc@reporter.example',
  to,
  subject: `Report Domain: metrics.example.com Report-ID: ${id}`,
  text: 'A DMARC aggregate report.',
  attachments: [
    {
      filename: `r!metrics.example.com!${id}.xml.gz`,
      content: gzipSync(reportXml({ reportId: id, domain: 'metrics.example.com' })),
    },
  ],
});

beforeAll(async () => {
  t = await startTestApp({
    env: { METRICS_TOKEN: token, REPORT_ADDRESS_DOMAIN: 'reports.msas-metrics.net' },
  });
  a = await seedTenant(t, 'Metrics', 'metrics.example.com');
  const org = await t.db
    .selectFrom('organizations')
    .select('report_slug')
    .where('id', '=', a.org.id)
    .executeTakeFirstOrThrow();
  queue = await openQueue(t.ctx, { jobs: [idle], work: false });
  address = reportAddress(org.report_slug, t.ctx.config.reportAddress);
  smtp = await startSmtpListener({
    db: t.db,
    logger: pino({ level: 'silent' }),
    port: 0,
    addressing: t.ctx.config.reportAddress,
  });
});
afterAll(async () => {
  await queue.stop();
  await smtp.close();
  await t.close();
});

describe('GET /metrics', () => {
  it('answers only with the bearer token, else 404', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(404);
    expect((await scrape(`Bearer ${token}x`)).statusCode).toBe(404);
    const ok = await scrape(`Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route, reports stored and refused by reason, and reads the queue and outbox', async () => {
    const before = (await scrape(`Bearer ${token}`)).body;
    const healthz = 'msas_http_requests_total{method="GET",route="/healthz",status="200"}';
    const stored = 'msas_reports_ingested_total{source="smtp",kind="aggregate"}';
    const unknown = 'msas_reports_refused_total{source="smtp",reason="unknown_recipient"}';
    const duplicate = 'msas_reports_refused_total{source="smtp",reason="duplicate"}';

    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const client = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await client.sendMail(reportMail('metrics-1', address));
      await client.sendMail(reportMail('metrics-1', address));
      await expect(
        client.sendMail(reportMail('metrics-2', `dmarc@reports.msas-metrics.net`)),
      ).rejects.toMatchObject({
        responseCode: 550,
      });
    } finally {
      client.close();
    }
    await enqueue(t.db, idle.name, {});
    await enqueue(t.db, idle.name, {});
    await t.db
      .insertInto('outbox')
      .values({ to: 'someone@example.com', reply_to: null, subject: 's', text: 't', attempts: 20 })
      .execute();

    const after = (await scrape(`Bearer ${token}`)).body;
    expect(valueOf(after, healthz) - valueOf(before, healthz)).toBe(1);
    expect(valueOf(after, stored) - valueOf(before, stored)).toBe(1);
    expect(valueOf(after, duplicate) - valueOf(before, duplicate)).toBe(1);
    expect(valueOf(after, unknown) - valueOf(before, unknown)).toBe(1);
    const failed = 'msas_outbox_mail{state="failed"}';
    expect(valueOf(after, failed) - valueOf(before, failed)).toBe(1);
    expect(valueOf(after, 'msas_job_queue_depth{queue="metrics-idle"}')).toBe(2);
    expect(after).toMatch(/^msas_db_connection_wait_seconds_count\{database="pglite|postgres"\} \d+/m);
    // The route pattern, never the raw URL with its ids.
    expect(after).not.toMatch(/route="\/api\/ph\/organizations\/\d+/);
  });

  it('is served on a port of its own with METRICS_PORT', async () => {
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, host: '127.0.0.1', metrics: { port: 0, token: undefined } },
    };
    const app = await listenForMetrics(ctx);
    try {
      const port = (app!.server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('msas_http_requests_total');
    } finally {
      await app?.close();
    }
  });
});
