import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  testIps,
  testLists,
  testReputationZone,
  testZoneRecords,
  testZoneRules,
} from '../../server/checks/reputation/testing/testZones';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { configureReputation } from '../../server/modules/reputation/services';
import {
  startRecaptchaVerifier,
  type TestVerifier,
} from '../../server/modules/reputation/testing/recaptchaVerifier';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

let dns: TestDnsServer;
let verifier: TestVerifier;
let smtp: SMTPServer;
const received: { to: string[]; data: string }[] = [];
let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  dns = await startDnsServer({ records: testZoneRecords, rules: testZoneRules });
  verifier = await startRecaptchaVerifier(1500);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await startTestApp({
    env: {
      DNSBL_ZONES: testLists,
      REPUTATION_ZONE: testReputationZone,
      DNSBL_TIMEOUT_MS: '300',
      RECAPTCHA_SECRET: 'captcha-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_VERIFY_URL: verifier.url,
      DELIST_EMAIL: 'delist@example.com',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  });
  configureReputation(t.ctx, {
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
    captchaTimeoutMs: 400,
  });
  const user = await makeUser(t.db);
  email = user.email;
  token = (await login(t.app, { username: user.email, password: user.password })).json<{ access: string }>()
    .access;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await verifier?.close();
  await dns?.close();
});

const delist = (target: string, captcha: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/rep/ipVerify/?ipLookup=true&target=${encodeURIComponent(target)}&delisting=true&token=${captcha}`,
    headers: bearer(token),
    remoteAddress,
  });

const statusMessage = (res: { json: () => unknown }) =>
  (res.json() as { status_message: string[] }).status_message[0];

describe('reCAPTCHA verification', () => {
  it('sends the token, our secret and the client IP to the verify URL; a good token passes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rep/ipVerify/?ipLookup=true&target=${testIps.clean}&token=good-1`,
      headers: bearer(token),
      remoteAddress: '203.0.113.5',
    });
    expect(res.statusCode).toBe(200);
    expect(verifier.calls.at(-1)).toEqual({
      secret: 'captcha-secret',
      response: 'good-1',
      remoteip: '203.0.113.5',
    });
  });

  it('refuses a missing, a failed and a timed-out verification with a status_message', async () => {
    const get = (captcha: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/rep/ipVerify/?ipLookup=true&target=${testIps.clean}&token=${captcha}`,
        headers: bearer(token),
      });
    const missing = await get('');
    expect(missing.statusCode).toBe(400);
    expect(statusMessage(missing)).toBe('Please complete the captcha.');
    const bad = await get('bad-token');
    expect(statusMessage(bad)).toBe('Invalid captcha. Please try again.');
    const slow = await get('slow-token');
    expect(slow.statusCode).toBe(400);
    expect(statusMessage(slow)).toBe('The captcha could not be verified. Please try again.');
  });

  it('serves the site key to the interface', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ph/public-config/' });
    expect(res.json()).toMatchObject({ recaptcha_site_key: 'site-key', recaptcha_enabled: true });
  });
});

describe('POST /api/rep/ipVerify/?delisting=true', () => {
  it('records the request, mails DELIST_EMAIL and answers the spec text', async () => {
    const res = await delist(testIps.listed, 'good-2', '198.51.100.20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_message: 'Your IP delist request was sent.', delisting: true });
    const rows = await t.db.selectFrom('delist_requests').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target: testIps.listed,
      zone: 'rep.test',
      category: 'L4',
      requester_ip: '198.51.100.20',
    });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['delist@example.com']);
    expect(received[0].data).toContain(`${testIps.listed} in rep.test`);
    expect(received[0].data).toContain(email);
    const audit = await t.db
      .selectFrom('audit_operations')
      .selectAll()
      .where('name', '=', 'ip.delist.create')
      .execute();
    expect(audit.map((a) => a.response_status)).toEqual([200]);
  });

  it('refuses an IP without a bad reputation in our zone, and a failed captcha, audited', async () => {
    const clean = await delist(testIps.clean, 'good-3', '198.51.100.21');
    expect(clean.statusCode).toBe(400);
    expect(statusMessage(clean)).toMatch(/nothing to delist/);
    const bad = await delist(testIps.v6, 'bad', '198.51.100.22');
    expect(statusMessage(bad)).toBe('Invalid captcha. Please try again.');
    expect(await t.db.selectFrom('delist_requests').selectAll().execute()).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('response_status')
      .where('name', '=', 'ip.delist.create')
      .execute();
    expect(audit.map((a) => a.response_status)).toEqual([200, 400, 400]);
  });

  it('is rate limited per target and per client IP', async () => {
    // per target: 3 attempts a day from any address (the failed captcha above was the first)
    expect((await delist(testIps.v6, 'good-4', '198.51.100.30')).statusCode).toBe(200);
    expect((await delist(testIps.v6, 'good-5', '198.51.100.31')).statusCode).toBe(200);
    const target = await delist(testIps.v6, 'good-7', '198.51.100.33');
    expect(target.statusCode).toBe(429);
    expect(statusMessage(target)).toMatch(/^Too many requests/);
    // per client IP: 5 an hour, whatever the target
    for (let i = 0; i < 5; i++) await delist(`192.0.2.${100 + i}`, 'good', '198.51.100.40');
    const ip = await delist('192.0.2.200', 'good', '198.51.100.40');
    expect(ip.statusCode).toBe(429);
  });
});
