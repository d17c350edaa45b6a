import { gzipSync } from 'node:zlib';
import { ImapFlow } from 'imapflow';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { startDovecot, type Dovecot } from '../../scripts/services/dovecot';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import type { ZoneRecord } from '../../server/checks/testing/dnsZone';
import * as m0039 from '../../server/db/migrations/0039_domain_ownership';
import { ingestFile } from '../../server/ingest/ingest-file';
import { envTarget, pollMailbox } from '../../server/mail/inbound/imap-poller';
import { startSmtpListener } from '../../server/mail/inbound/smtp-listener';
import { applyVerification } from '../../server/modules/domains/verification-store';
import { verifyDomainsJob } from '../../server/modules/domains/verify-job';
import { reportXml } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Domain ownership (docs/PERMISSIONS.md): pending until proven through a loopback DNS zone (the
// app's resolver points at it through DNS_SERVERS), routing by the address a report was sent to before the
// verified name, held reports released on verification, the periodic re-check, the upgrade's grandfathering.

const addressing = { domain: 'reports.msas.test' };
const logger = pino({ level: 'silent' });
let t: TestApp;
let dns: TestDnsServer;
let zone: ZoneRecord[] = [];
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
const savedDnsServers = process.env.DNS_SERVERS;

type Verification = {
  status: 'verified' | 'pending';
  method: string | null;
  problem: string | null;
  report_address: string;
  dmarc_rua: string;
  txt_name: string;
  txt_value: string;
};
type DomainDoc = { id: number; attributes: { name: string; verification: Verification } };

const publish = (...records: ZoneRecord[]) => {
  zone = [...zone, ...records];
  dns.setRecords(zone);
};
const unpublish = (name: string) => {
  zone = zone.filter((r) => r.name !== name);
  dns.setRecords(zone);
};

async function addDomain(tenant: typeof a, name: string) {
  return call(t, 'POST', '/api/dm/domains/create/', tenant.tokens.owner, { name });
}
async function added(tenant: typeof a, name: string): Promise<DomainDoc> {
  const res = await addDomain(tenant, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: DomainDoc }>().data;
}
async function checkNow(tenant: typeof a, id: number): Promise<Verification> {
  t.clock.offsetMs += 11_000; // past the one-check-per-10-s limit of the domain
  const res = await call(t, 'POST', `/api/dm/v2/domains/${id}/verify/`, tenant.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DomainDoc }>().data.attributes.verification;
}
async function reportAddressOf(tenant: typeof a): Promise<string> {
  const res = await call(t, 'GET', `/api/ph/organizations/${tenant.org.id}/`, tenant.tokens.member);
  return res.json<{ data: { attributes: { report_address: string } } }>().data.attributes.report_address;
}
const xml = (id: string, domain: string) => Buffer.from(reportXml({ reportId: id, domain }));
async function ingest(id: string, domain: string, addressedTo: number[] = []) {
  const { reports } = await ingestFile(
    t.db,
    { name: `${id}.xml`, bytes: xml(id, domain), source: 'cli' },
    {
      addressedTo,
    },
  );
  expect(reports[0]?.status).toBe('imported');
  return reports[0]!;
}
/** The organization of the aggregate report, or null while it is held (held_reports). */
async function ownerOf(reportId: string): Promise<number | null> {
  const stored = await t.db
    .selectFrom('dmarc_reports')
    .select('organization_id')
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  if (stored) return stored.organization_id;
  await t.db
    .selectFrom('held_reports')
    .select('id')
    .where('kind', '=', 'aggregate')
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();
  return null;
}
async function listedReports(tenant: typeof a): Promise<number[]> {
  const res = await call(t, 'GET', '/api/dm/dmarc/aggregate-reports/?page_size=100', tenant.tokens.owner);
  return res.json<{ data: { id: number | string }[] }>().data.map((r) => Number(r.id));
}
const reportMail = (id: string, domain: string, headers: Record<string, string> = {}) => ({
  from: 'noreply-dmarc@reporter.example',
  to: 'dmarc@reports.msas.test',
  headers,
  subject: `Report Domain: ${domain} Report-ID: ${id}`,
  text: 'A DMARC aggregate report.',
  attachments: [{ filename: `reporter!${domain}!${id}.xml.gz`, content: gzipSync(xml(id, domain)) }],
});

beforeAll(async () => {
  dns = await startDnsServer({ records: [] });
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  t = await startTestApp({ env: { REPORT_ADDRESS_DOMAIN: addressing.domain } });
  a = await seedTenant(t, 'Owner A', 'own-a.example.com');
  b = await seedTenant(t, 'Claimant B', 'own-b.example.com');
});
afterAll(async () => {
  await t.close();
  await dns.close();
  if (savedDnsServers === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = savedDnsServers;
});

describe('adding a domain', () => {
  it('refuses a name or a subdomain another organization verified, in one message naming no one', async () => {
    for (const name of ['own-a.example.com', 'MAIL.own-a.example.com', 'deep.mail.own-a.example.com']) {
      const res = await addDomain(b, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ name: ['This domain cannot be added.'] });
    }
    const again = await addDomain(a, 'own-a.example.com');
    expect(again.json()).toMatchObject({ name: ['This domain is already registered in this organization.'] });
  });

  it('lets several organizations hold one name pending, each with its own token and address', async () => {
    const inA = await added(a, 'shared.example.com');
    const inB = await added(b, 'shared.example.com');
    expect(inA.attributes.verification).toMatchObject({
      status: 'pending',
      method: null,
      txt_name: '_msas-verify.shared.example.com',
      dmarc_rua: `mailto:${await reportAddressOf(a)}`,
    });
    expect(inA.attributes.verification.txt_value).toMatch(/^msas-verify=[0-9a-f]{32}$/);
    expect(inB.attributes.verification.txt_value).not.toBe(inA.attributes.verification.txt_value);
    expect(await reportAddressOf(b)).toMatch(/^[0-9a-f]{20}@reports\.msas\.test$/);
    expect(await reportAddressOf(b)).not.toBe(await reportAddressOf(a));
    const list = await call(t, 'GET', '/api/dm/v2/domains/', b.tokens.member);
    const rows = list.json<{ data: DomainDoc[] }>().data;
    expect(rows.map((d) => [d.attributes.name, d.attributes.verification.status])).toEqual([
      ['own-b.example.com', 'verified'],
      ['shared.example.com', 'pending'],
    ]);
  });
});

describe('routing and verification', () => {
  it('accepts a report sent to the own address of a pending domain, holds one matching by name only, and releases it on verification by TXT', async () => {
    const pending = await added(b, 'pending-b.example.com');
    const addressed = await ingest('to-b-address', 'pending-b.example.com', [b.org.id]);
    expect(addressed.organizationId).toBe(b.org.id);
    const byName = await ingest('name-only', 'pending-b.example.com');
    expect(byName.organizationId).toBeNull();
    // A verified name routes by name alone; the address of an organization without the domain does not.
    expect((await ingest('a-by-name', 'own-a.example.com', [b.org.id])).organizationId).toBe(a.org.id);
    expect(await listedReports(b)).toContain(addressed.id);
    expect(await listedReports(b)).not.toContain(byName.id);

    expect(await checkNow(b, pending.id)).toMatchObject({ status: 'pending', problem: 'not_found' });
    publish({
      name: pending.attributes.verification.txt_name,
      type: 'TXT',
      data: pending.attributes.verification.txt_value,
    });
    expect(await checkNow(b, pending.id)).toMatchObject({ status: 'verified', method: 'txt', problem: null });
    expect(await ownerOf('name-only')).toBe(b.org.id);
    expect(await listedReports(b)).toContain(byName.id);
    expect((await ingest('after-verify', 'mail.pending-b.example.com')).organizationId).toBe(b.org.id);

    const tooSoon = await call(t, 'POST', `/api/dm/v2/domains/${pending.id}/verify/`, b.tokens.owner);
    expect(tooSoon.statusCode).toBe(429);
    const member = await call(t, 'POST', `/api/dm/v2/domains/${pending.id}/verify/`, b.tokens.member);
    expect(member.statusCode).toBe(403);
    const other = await call(t, 'POST', `/api/dm/v2/domains/${pending.id}/verify/`, a.tokens.owner);
    expect(other.statusCode).toBe(404);
  });

  it('verifies by the DMARC record naming the own address; the first to prove a shared name gets it', async () => {
    const rows = (await call(t, 'GET', '/api/dm/v2/domains/', a.tokens.owner)).json<{ data: DomainDoc[] }>();
    const inA = rows.data.find((d) => d.attributes.name === 'shared.example.com')!;
    const inB = (await call(t, 'GET', '/api/dm/v2/domains/', b.tokens.owner))
      .json<{ data: DomainDoc[] }>()
      .data.find((d) => d.attributes.name === 'shared.example.com')!;
    const held = await ingest('shared-held', 'shared.example.com');
    // Another organization's address in the record proves nothing for A.
    publish({
      name: '_dmarc.shared.example.com',
      type: 'TXT',
      data: `v=DMARC1; p=none; rua=${inB.attributes.verification.dmarc_rua}`,
    });
    expect(await checkNow(a, inA.id)).toMatchObject({ status: 'pending', problem: 'not_found' });
    unpublish('_dmarc.shared.example.com');
    publish({
      name: '_dmarc.shared.example.com',
      type: 'TXT',
      data: `v=DMARC1; p=none; rua=mailto:agg@elsewhere.example,${inA.attributes.verification.dmarc_rua},${inB.attributes.verification.dmarc_rua}!10m`,
    });
    expect(await checkNow(a, inA.id)).toMatchObject({ status: 'verified', method: 'dmarc' });
    expect(await ownerOf(held.reportId)).toBe(a.org.id);
    // B proves it too, but A holds the name: B stays pending and receives nothing by name.
    expect(await checkNow(b, inB.id)).toMatchObject({ status: 'pending', problem: 'unavailable' });
    expect((await ingest('shared-later', 'shared.example.com')).organizationId).toBe(a.org.id);
    // Still B's own address routes B's copy to B (B holds the name pending).
    expect((await ingest('shared-to-b', 'shared.example.com', [b.org.id])).organizationId).toBe(b.org.id);
  });

  it('lets one of two organizations proving a name at the same moment have it, and tells the other', async () => {
    const inA = await added(a, 'race.example.com');
    const inB = await added(b, 'race.example.com');
    const apply = (id: number) =>
      t.db
        .transaction()
        .execute((trx) => applyVerification(trx, id, { proof: 'txt', dnsFailed: false }, new Date()));
    const rows = await Promise.all([apply(inA.id), apply(inB.id)]);
    expect(rows.filter((r) => r!.verified_at !== null)).toHaveLength(1);
    expect(rows.filter((r) => r!.verification_problem === 'unavailable')).toHaveLength(1);
  });

  it('keeps the instance-wide list of verified names in step with verification, revocation, rename and deletion', async () => {
    const names = () =>
      t.db
        .selectFrom('verified_names')
        .select(['name', 'organization_id', 'domain_id'])
        .where('name', 'like', '%names.example.com')
        .orderBy('name')
        .execute();
    const apply = (id: number, proof: 'txt' | null, at: number) =>
      t.db
        .transaction()
        .execute((trx) => applyVerification(trx, id, { proof, dnsFailed: false }, new Date(at)));
    const inA = await added(a, 'names.example.com');
    const inB = await added(b, 'names.example.com');
    const now = Date.now();
    await apply(inA.id, 'txt', now);
    expect(await names()).toEqual([
      { name: 'names.example.com', organization_id: a.org.id, domain_id: inA.id },
    ]);
    // The name is A's across the instance: the reference table refuses a second claim.
    await expect(
      t.db
        .insertInto('verified_names')
        .values({ name: 'names.example.com', organization_id: b.org.id, domain_id: inB.id })
        .execute(),
    ).rejects.toThrow();
    // A proof lost for more than a week frees the name; B proves it and has it.
    await apply(inA.id, null, now + 8 * 86_400_000);
    expect(await names()).toEqual([]);
    await apply(inB.id, 'txt', now + 8 * 86_400_000);
    expect(await names()).toEqual([
      { name: 'names.example.com', organization_id: b.org.id, domain_id: inB.id },
    ]);
    // Renaming makes it pending again, and deleting it frees the name too.
    const rename = await call(t, 'PATCH', `/api/ph/organizations/${b.org.id}/domains`, b.tokens.owner, {
      id: inB.id,
      name: 'renamed-names.example.com',
    });
    expect(rename.statusCode).toBe(200);
    expect(await names()).toEqual([]);
    await apply(inB.id, 'txt', now + 9 * 86_400_000);
    expect(await names()).toEqual([
      { name: 'renamed-names.example.com', organization_id: b.org.id, domain_id: inB.id },
    ]);
    const del = await call(t, 'DELETE', `/api/ph/organizations/${b.org.id}/domains/`, b.tokens.owner, {
      id: inB.id,
    });
    expect(del.statusCode).toBeLessThan(300);
    expect(await names()).toEqual([]);
  });

  it('counts an upload by a member of the organization as addressed to it', async () => {
    await added(b, 'upload-b.example.com');
    await added(a, 'upload-a.example.com');
    const boundary = '----ownership-boundary';
    const body = (id: string, domain: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${id}.xml"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        xml(id, domain),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (id: string, domain: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dm/dmarc/reports/upload/',
        headers: {
          authorization: `Bearer ${b.tokens.owner}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body(id, domain),
      });
    const mine = await upload('up-b', 'upload-b.example.com');
    expect(mine.json().data[0]).toMatchObject({ status: 'imported' });
    expect(await ownerOf('up-b')).toBe(b.org.id);
    const theirs = await upload('up-a', 'upload-a.example.com');
    expect(theirs.json().data[0]).toMatchObject({ status: 'rejected' });
  });
});

describe('inbound mail routed by recipient address', () => {
  it('SMTP: the envelope recipient that is an organization address decides', async () => {
    await added(b, 'smtp-b.example.com');
    const listener = await startSmtpListener({ db: t.db, logger, port: 0, addressing });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      const address = await reportAddressOf(b);
      // Plus-addressing and upper case reach the same organization.
      const plus = address.replace(/^/, 'dmarc+').toUpperCase();
      await transport.sendMail({
        ...reportMail('smtp-to-b', 'smtp-b.example.com'),
        envelope: { from: 'noreply-dmarc@reporter.example', to: [plus] },
      });
      // Any other recipient is refused at RCPT time (550 5.1.1), before the message is sent.
      await expect(
        transport.sendMail(reportMail('smtp-generic', 'smtp-b.example.com')),
      ).rejects.toMatchObject({
        responseCode: 550,
      });
    } finally {
      transport.close();
      await listener.close();
    }
    expect(await ownerOf('smtp-to-b')).toBe(b.org.id);
    const generic = await t.db
      .selectFrom('dmarc_reports')
      .select('id')
      .where('report_id', '=', 'smtp-generic')
      .executeTakeFirst();
    expect(generic).toBeUndefined();
  });

  describe('IMAP mailbox', () => {
    let dovecot: Dovecot;
    beforeAll(async () => {
      dovecot = await startDovecot({ port: 1290 });
    }, 60_000);
    afterAll(() => dovecot.stop());

    it('routes by Delivered-To or To', async () => {
      await added(b, 'imap-b.example.com');
      const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
      const raw = async (mail: ReturnType<typeof reportMail>) =>
        (await composer.sendMail(mail)).message as Buffer;
      const address = await reportAddressOf(b);
      const c = new ImapFlow({
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        auth: { user: dovecot.user, pass: dovecot.password },
        logger: false,
      });
      await c.connect();
      await c.append(
        'INBOX',
        await raw(reportMail('imap-delivered', 'imap-b.example.com', { 'Delivered-To': address })),
      );
      await c.append(
        'INBOX',
        await raw({ ...reportMail('imap-to', 'imap-b.example.com'), to: `B <${address}>` }),
      );
      await c.append('INBOX', await raw(reportMail('imap-generic', 'imap-b.example.com')));
      await c.logout();
      const target = envTarget({
        url: dovecot.url,
        processedFolder: 'processed',
        failedFolder: 'failed',
        maxAttempts: 2,
        addressing,
      });
      expect(await pollMailbox(t.db, logger, target)).toMatchObject({ imported: 3, processed: 3 });
      expect(await ownerOf('imap-delivered')).toBe(b.org.id);
      expect(await ownerOf('imap-to')).toBe(b.org.id);
      expect(await ownerOf('imap-generic')).toBeNull();
    }, 60_000);
  });
});

describe('the periodic re-check', () => {
  it('verifies pending domains, revokes a proof lost for a week, never a grandfathered domain', async () => {
    const job = verifyDomainsJob({
      resolver: createDnsResolver({ servers: [{ host: '127.0.0.1', port: dns.port }] }),
      addressing,
    });
    const state = (name: string, orgId: number) =>
      t.db
        .selectFrom('domains')
        .select(['verified_at', 'verification_method', 'verification_problem'])
        .where('name', '=', name)
        .where('organization_id', '=', orgId)
        .executeTakeFirstOrThrow();
    let clock = Date.now();
    const round = async () => {
      const ctx = { ...t.ctx, db: t.db, now: () => new Date(clock), logger, data: {}, job: null };
      await job.run(ctx);
      await job.settled();
      await job.run(ctx);
    };
    const doc = await added(b, 'job-b.example.com');
    await t.db
      .updateTable('domains')
      .set({ verification_method: 'grandfathered' })
      .where('name', '=', 'own-a.example.com')
      .execute();
    publish({
      name: doc.attributes.verification.txt_name,
      type: 'TXT',
      data: doc.attributes.verification.txt_value,
    });
    await round();
    expect(await state('job-b.example.com', b.org.id)).toMatchObject({ verification_method: 'txt' });
    expect((await state('job-b.example.com', b.org.id)).verified_at).not.toBeNull();

    unpublish(doc.attributes.verification.txt_name);
    clock += 2 * 86_400_000;
    await round();
    expect(await state('job-b.example.com', b.org.id)).toMatchObject({
      verification_method: 'txt',
      verification_problem: 'not_found',
    });
    clock += 8 * 86_400_000;
    await round();
    expect(await state('job-b.example.com', b.org.id)).toMatchObject({
      verified_at: null,
      verification_method: null,
    });
    expect(await state('own-a.example.com', a.org.id)).toMatchObject({
      verification_method: 'grandfathered',
      verification_problem: 'not_found',
    });
    expect((await state('own-a.example.com', a.org.id)).verified_at).not.toBeNull();
  }, 60_000);
});

describe('migration 0039', () => {
  it('grandfathers the domains that exist when it runs and gives every organization an address', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    await m0039.down(db);
    const org = await t.db
      .insertInto('organizations')
      .values({ name: 'Before the upgrade', benefits: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('domains')
      .values({ name: 'old-domain.example.com', organization_id: org.id })
      .execute();
    await m0039.up(db);
    const row = await t.db
      .selectFrom('domains')
      .selectAll()
      .where('name', '=', 'old-domain.example.com')
      .executeTakeFirstOrThrow();
    expect(row.verification_method).toBe('grandfathered');
    expect(row.verified_at).not.toBeNull();
    expect((await ingest('after-upgrade', 'old-domain.example.com')).organizationId).toBe(org.id);
    const slugs = await t.db.selectFrom('organizations').select('report_slug').execute();
    expect(new Set(slugs.map((s) => s.report_slug)).size).toBe(slugs.length);
    for (const s of slugs) expect(s.report_slug).toMatch(/^[0-9a-f]{20}$/);
  });
});
