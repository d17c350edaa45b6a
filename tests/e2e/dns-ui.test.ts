import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// Issue 19, DNS → Zones in Chromium against the real server and a real PowerDNS (scripts/services/powerdns.ts):
// the domain is verified by TXT through a loopback resolver, then the page creates its zone, adds record
// sets, shows the diff before applying, refuses an edit of an rrset someone else changed (and shows that
// change), and reverts a change from the history. 1440 px in en/light, 390 px in pt/dark.

const domain = 'dnsui.example.com';
const zone = `${domain}.`;
const zonesApi = '/api/dm/power-dns/servers/localhost/zones/';

let pdns: PowerDns;
let resolver: TestDnsServer;
let server: RunningServer;
let browser: Browser;

async function call(pathname: string, init: RequestInit = {}) {
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  return fetch(`${server.url}${pathname}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${access}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

/** The zone may be hosted only for a verified domain: add it, publish its TXT proof, check it. */
async function verifyDomain() {
  const added = await call('/api/dm/domains/create/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: domain }),
  });
  if (added.status !== 201) throw new Error(`domain: ${added.status} ${await added.text()}`);
  type Doc = {
    id: string;
    attributes: { name: string; verification: { txt_name: string; txt_value: string } };
  };
  const list = (await (await call('/api/dm/v2/domains/')).json()) as { data: Doc[] };
  const doc = list.data.find((d) => d.attributes.name === domain)!;
  resolver.setRecords([
    { name: doc.attributes.verification.txt_name, type: 'TXT', data: doc.attributes.verification.txt_value },
  ]);
  const checked = await call(`/api/dm/v2/domains/${doc.id}/verify/`, { method: 'POST', body: '{}' });
  const body = await checked.text();
  if (!checked.ok || !body.includes('"verified"')) throw new Error(`verify: ${checked.status} ${body}`);
}

beforeAll(async () => {
  ensureBuilt();
  pdns = await startPowerDns();
  resolver = await startDnsServer();
  server = await startServer({
    PDNS_API_URL: pdns.apiUrl,
    PDNS_API_KEY: pdns.apiKey,
    PDNS_NAMESERVERS: `ns1.${domain}`,
    DNS_SERVERS: `${resolver.host}:${resolver.port}`,
  });
  browser = await launchBrowser();
  await verifyDomain();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await resolver?.close();
  await pdns?.stop();
});

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('DNS zones at 1440 px in en with the light theme', { timeout: 120_000 }, () => {
  const lang: Lang = 'en';
  const d = (key: string, vars: Record<string, string> = {}) => tr(lang, 'dns', key, vars);
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url, { width: 1440, height: 900 }));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, 'primaryTheme');
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('creates a zone from the empty list, with the name servers from the settings', async () => {
    await page.getByRole('link', { name: tr(lang, 'menu', 'pages.dnsZones') }).click();
    await waitForHeading(page, tr(lang, 'menu', 'pages.dnsZones'));
    await page.getByText(d('list.empty')).waitFor({ timeout: 20_000 });
    await screenshot(page, 'dns-1440-en-light-empty');
    await page.getByRole('button', { name: d('list.add') }).click();
    const dialog = page.getByRole('dialog', { name: d('create.title') });
    await expect(dialog.getByLabel(d('create.nameservers')).inputValue()).resolves.toBe(`ns1.${domain}.`);
    // A name the organization has not verified: the server's message on the field.
    await dialog.getByLabel(d('create.name')).fill('other.example.org');
    await dialog.getByRole('button', { name: d('create.submit') }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /verified/ })
      .waitFor();
    await dialog.getByLabel(d('create.name')).fill(domain);
    await dialog.getByRole('button', { name: d('create.submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: zone }).waitFor({ timeout: 20_000 });
    const table = page.getByRole('table', { name: d('records.caption', { zone }) });
    await expect(table.innerText()).resolves.toContain(`ns1.${domain}.`);
    expect(new URL(page.url()).searchParams.get('zone')).toBe(zone);
  });

  it('checks a record set before keeping it, shows the diff, and applies only the touched rrsets', async () => {
    await page.getByRole('button', { name: d('records.add') }).click();
    const dialog = page.getByRole('dialog', { name: d('rrset.addTitle') });
    await dialog.getByLabel(d('rrset.name'), { exact: true }).fill('www');
    await dialog.getByLabel(d('rrset.content', { n: '1' }), { exact: true }).fill('192.0.2.300');
    await dialog.getByRole('button', { name: d('rrset.keep') }).click();
    await dialog.getByText(d('validation.ipv4')).waitFor();
    await dialog.getByLabel(d('rrset.content', { n: '1' }), { exact: true }).fill('192.0.2.10');
    await dialog.getByRole('button', { name: d('rrset.addRecord') }).click();
    await dialog.getByLabel(d('rrset.content', { n: '2' }), { exact: true }).fill('192.0.2.11');
    await dialog.getByRole('button', { name: d('rrset.keep') }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: d('records.add') }).click();
    await dialog.getByLabel(d('rrset.name'), { exact: true }).fill('@');
    await dialog.getByLabel(d('rrset.type')).selectOption('TXT');
    await dialog.getByLabel(d('rrset.content', { n: '1' }), { exact: true }).fill('"v=spf1 -all"');
    await dialog.getByLabel(d('rrset.comment')).fill('no mail from here');
    await dialog.getByRole('button', { name: d('rrset.keep') }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Review and apply 2 changes' }).click();
    const review = page.getByRole('dialog', { name: d('review.title', { zone }) });
    const yours = review.getByRole('list', { name: d('review.yours') });
    await expect(yours.innerText()).resolves.toMatch(/Added\s+www A[\s\S]*192\.0\.2\.10/);
    await screenshot(page, 'dns-1440-en-light-review');
    expect(await seriousViolations(page)).toEqual([]);
    const sent = page.waitForRequest((r) => r.method() === 'PATCH');
    await review.getByRole('button', { name: 'Apply all 2 changes' }).click();
    const body = (await sent).postDataJSON() as { version: number; rrsets: { name: string; type: string }[] };
    expect(body.rrsets.map((r) => `${r.name} ${r.type}`)).toEqual([`${zone} TXT`, `www.${zone} A`]);
    await review.waitFor({ state: 'detached' });
    await page.getByText(d('messages.applied')).waitFor();
    const live = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}`, {
      headers: { 'X-API-Key': pdns.apiKey },
    });
    const rrsets = ((await live.json()) as { rrsets: { name: string; type: string; records: unknown[] }[] })
      .rrsets;
    expect(rrsets.find((r) => r.name === `www.${zone}` && r.type === 'A')?.records).toHaveLength(2);
    await screenshot(page, 'dns-1440-en-light-records');
  });

  it('refuses an edit of an rrset someone else changed, shows their change, and applies after the reload', async () => {
    // Another session changes www A after this page loaded the zone.
    const doc = (await (await call(`${zonesApi}${zone}/`)).json()) as { version: number };
    const theirs = await call(`${zonesApi}${zone}/`, {
      method: 'PATCH',
      body: JSON.stringify({
        version: doc.version,
        rrsets: [
          { name: `www.${zone}`, type: 'A', changetype: 'REPLACE', records: [{ content: '192.0.2.99' }] },
        ],
      }),
    });
    expect(theirs.status).toBe(200);

    await page.getByRole('button', { name: d('records.editOf', { name: 'www A' }) }).click();
    const dialog = page.getByRole('dialog', {
      name: d('rrset.editTitle', { name: `www.${zone}`, type: 'A' }),
    });
    await dialog.getByLabel(d('rrset.ttl')).fill('300');
    await dialog.getByRole('button', { name: d('rrset.keep') }).click();
    await page.getByRole('button', { name: 'Review and apply 1 change' }).click();
    const review = page.getByRole('dialog', { name: d('review.title', { zone }) });
    await review.getByRole('button', { name: 'Apply 1 change' }).click();
    const other = review.getByRole('list', { name: d('review.theirs') });
    await expect(other.innerText()).resolves.toContain('192.0.2.99');
    await review.getByText(d('review.again')).waitFor();
    await screenshot(page, 'dns-1440-en-light-conflict');
    // The zone reloaded underneath: the same edit now goes against the new version.
    await review.getByRole('button', { name: 'Apply 1 change' }).click();
    await review.waitFor({ state: 'detached' });
    const now = (await (await call(`${zonesApi}${zone}/`)).json()) as {
      rrsets: { name: string; ttl: number }[];
    };
    expect(now.rrsets.find((r) => r.name === `www.${zone}`)?.ttl).toBe(300);
  });

  it('shows the history with its diff and reverts a change after a confirmation', async () => {
    await page.getByRole('tab', { name: d('zone.history') }).click();
    const table = page.getByRole('table', { name: d('history.caption', { zone }) });
    await table.waitFor({ timeout: 20_000 });
    const rows = table.locator('tbody tr');
    await expect(rows.first().innerText()).resolves.toContain('300');
    await rows.first().locator('summary').click();
    await screenshot(page, 'dns-1440-en-light-history');
    expect(await seriousViolations(page)).toEqual([]);
    await rows
      .first()
      .getByRole('button', { name: d('history.revert') })
      .click();
    const confirm = page.getByRole('dialog', { name: d('history.revertTitle') });
    await confirm.getByRole('button', { name: d('history.revertConfirm') }).click();
    await page.getByText(d('messages.reverted')).waitFor();
    // The history starts over with the revert, itself a change set.
    await rows
      .first()
      .filter({ hasText: d('kinds.change.revert') })
      .waitFor({ timeout: 20_000 });
    const now = (await (await call(`${zonesApi}${zone}/`)).json()) as {
      rrsets: { name: string; ttl: number }[];
    };
    expect(now.rrsets.find((r) => r.name === `www.${zone}`)?.ttl).toBe(3600);
  });
});

describe('DNS zones at 390 px in pt with the dark theme', { timeout: 120_000 }, () => {
  const lang: Lang = 'pt';
  const d = (key: string, vars: Record<string, string> = {}) => tr(lang, 'dns', key, vars);
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url, { width: 390, height: 844 }));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, 'carrierTheme');
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('lists the zone, edits with the keyboard, and fits the phone width', async () => {
    await page.goto('/msas/dns/zones');
    await waitForHeading(page, tr(lang, 'menu', 'pages.dnsZones'));
    const list = page.getByRole('table', { name: d('list.caption') });
    await list.waitFor({ timeout: 20_000 });
    await expect(list.innerText()).resolves.toContain(zone);
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-list');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: d('list.openOf', { name: zone }) }).focus();
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: d('records.caption', { zone }) });
    await table.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: d('records.deleteOf', { name: '@ TXT' }) }).click();
    await page.getByRole('button', { name: 'Revisar e aplicar 1 alteração' }).click();
    const review = page.getByRole('dialog', { name: d('review.title', { zone }) });
    await expect(review.innerText()).resolves.toContain(d('actions.removed'));
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-review');
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    await screenshot(page, 'dns-390-pt-dark-records');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: d('zone.history') }).click();
    await page.getByRole('table', { name: d('history.caption', { zone }) }).waitFor({ timeout: 20_000 });
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-history');
  });
});
