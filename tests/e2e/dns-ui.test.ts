import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { coveredByToasts, holdToasts, releaseToasts } from '../support/toasts';
import { choosePreference, loginWithPreferences, waitForHeading } from '../support/ui';

// DNS → Zones in Chromium against the real server and a real PowerDNS (scripts/services/powerdns.ts):
// the domain is verified by TXT through a loopback resolver, then the page creates its zone, adds record
// sets, shows the diff before applying, refuses an edit of an rrset someone else changed (and shows that
// change), and reverts a change from the history; then imports a zone file (one line refused first), exports
// it, signs the zone and shows its DS records, and applies a suggested fix. 1440 px in en/light, 390 px in
// pt/dark; one state each in the other two pairs (en/dark: the history, pt/light: a refused import line).
// The domain is organizational (RFC 2606's example.net, not a subdomain), so the missing DMARC record is a
// suggested fix.

const domain = 'example.net';
const zone = `${domain}.`;
const zonesApi = '/api/dm/power-dns/servers/localhost/zones/';
const inZone = (name: string) => `${name}.${zone}`.replace(/\./g, '\\.');

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

async function pdnsGet<T>(path: string): Promise<T> {
  const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}${path}`, {
    headers: { 'X-API-Key': pdns.apiKey },
  });
  return (await res.json()) as T;
}
type LiveRrset = { name: string; type: string; ttl: number; records: { content: string }[] };
const liveRrset = async (name: string, type: string) =>
  (await pdnsGet<{ rrsets: LiveRrset[] }>('')).rrsets.find((r) => r.name === name && r.type === type);
/** The DS records PowerDNS itself derives from the zone's keys, but SHA-1's (RFC 8624 section 3.3). */
const liveDs = async () =>
  (await pdnsGet<{ ds?: string[] }[]>('/cryptokeys'))
    .flatMap((k) => k.ds ?? [])
    .filter((ds) => ds.split(' ')[2] !== '1');
/** Whether everything in the element stays inside it (a dialog scrolls sideways without the page doing so). */
const fitsInside = (element: Locator) =>
  element.evaluate((box) => {
    const right = box.getBoundingClientRect().right + 0.5;
    return [...box.querySelectorAll('*')].every((e) => e.getBoundingClientRect().right <= right);
  });

/** A zone file whose last line, an A record of `lastAddress`, is refused when that is no IPv4 address. */
const zoneFile = (lastAddress: string) =>
  [
    `$ORIGIN ${zone}`,
    '$TTL 3600',
    '@     IN MX  10 mail',
    '; the mail host',
    'mail  IN A   192.0.2.25',
    `ftp   IN A   ${lastAddress}`,
  ].join('\n');

type Say = (key: string, vars?: Record<string, string>) => string;

/**
 * Opens the zone's import, picks a file with a refused last line through the file field (in the page's
 * language), previews it, and waits for that line's problem.
 */
async function previewRefusedFile(page: Page, d: Say, lang: Lang) {
  const c = (key: string) => tr(lang, 'components', `components.fileField.${key}`);
  await page.getByRole('tab', { name: d('zone.records') }).click();
  await page.getByRole('button', { name: d('import.open') }).click();
  const dialog = page.getByRole('dialog', { name: d('import.title', { zone }) });
  const choose = dialog.getByRole('button', { name: `${d('import.file')} ${c('choose_one')}` });
  await expect(choose.textContent()).resolves.toBe(c('choose_one'));
  await dialog.getByText(c('none_one')).waitFor();
  await dialog
    .locator('input')
    .and(dialog.getByLabel(d('import.file')))
    .setInputFiles({
      name: 'refused.zone',
      mimeType: 'text/plain',
      buffer: Buffer.from(zoneFile('192.0.2.300')),
    });
  await dialog.getByText('refused.zone', { exact: true }).waitFor();
  await expect(dialog.getByLabel(d('import.text')).inputValue()).resolves.toBe(zoneFile('192.0.2.300'));
  await dialog.getByRole('button', { name: d('import.preview') }).click();
  await expect(dialog.getByRole('alert').innerText()).resolves.toContain(
    tr(lang, 'errors', 'zone_file_line', { line: '6', message: tr(lang, 'errors', 'record_ipv4') }),
  );
  return dialog;
}

/**
 * Two previews the server fails (503): two toasts over the import dialog, held for a screenshot; neither may
 * cover the header or the dialog's actions.
 */
async function twoToastsOverImport(page: Page, dialog: Locator, d: Say, name: string) {
  await page.route('**/import/preview/', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"PowerDNS is down."}' }),
  );
  const preview = dialog.getByRole('button', { name: d('import.preview') });
  await preview.click();
  await page.locator('.Toastify__toast[role="alert"]').first().waitFor();
  await preview.click();
  await holdToasts(page, 2);
  await screenshot(page, name, { fullPage: false });
  expect(
    await coveredByToasts(page, [preview, dialog.getByRole('button', { name: d('form.cancel') })]),
  ).toEqual([]);
  await releaseToasts(page);
  await page.unroute('**/import/preview/');
}

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

  it('imports a zone file: a refused line by its number, then the preview per rrset, applied at once', async () => {
    const dialog = await previewRefusedFile(page, d, lang);
    // The dialog says what is wrong; no toast repeats it as "something went wrong".
    expect(await page.getByText(d('messages.importFailed')).count()).toBe(0);
    await screenshot(page, 'dns-1440-en-light-import-refused');
    await twoToastsOverImport(page, dialog, d, 'dns-1440-en-light-import-toasts');
    await dialog.getByLabel(d('import.text')).fill(zoneFile('192.0.2.26'));
    await dialog.getByRole('button', { name: d('import.preview') }).click();
    const changes = dialog.getByRole('list', { name: d('import.changes') });
    await expect(changes.innerText()).resolves.toMatch(
      new RegExp(`${d('actions.added')}\\s+@ MX[\\s\\S]*10 ${inZone('mail')}`),
    );
    await expect(dialog.innerText()).resolves.not.toContain(d('import.problems'));
    await screenshot(page, 'dns-1440-en-light-import-preview');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: d('import.apply_other', { count: '3' }) }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(d('messages.imported')).waitFor();
    const table = page.getByRole('table', { name: d('records.caption', { zone }) });
    await expect(table.innerText()).resolves.toContain('192.0.2.26');
    expect((await liveRrset(`mail.${zone}`, 'A'))?.records).toEqual([
      { content: '192.0.2.25', disabled: false },
    ]);
  });

  it('exports the zone as a BIND file download', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: d('import.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toContain(domain);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toMatch(new RegExp(`^${inZone('mail')}\\t3600\\tIN\\tA\\t192\\.0\\.2\\.25$`, 'm'));
  });

  it('offers the missing DMARC record as a previewed change and applies it after one confirmation', async () => {
    await page.getByRole('tab', { name: d('zone.fixes') }).click();
    const fixes = page.getByRole('list', { name: d('fixes.title') });
    await fixes.waitFor({ timeout: 20_000 });
    await expect(fixes.innerText()).resolves.toContain(d('fixes.reasons.dmarc'));
    // The MX of the import makes the domain a mail receiver: MTA-STS is explained, not written.
    const notes = page.getByRole('list', { name: d('fixes.notesTitle') });
    await expect(notes.innerText()).resolves.toContain(`mta-sts.${domain}`);
    await screenshot(page, 'dns-1440-en-light-fixes');
    await fixes.getByRole('button', { name: d('fixes.apply.dmarc') }).click();
    const confirm = page.getByRole('dialog', { name: d('fixes.apply.dmarc') });
    await expect(confirm.innerText()).resolves.toContain('v=DMARC1; p=none');
    await screenshot(page, 'dns-1440-en-light-fix-confirm');
    await confirm.getByRole('button', { name: d('fixes.confirm') }).click();
    await page.getByText(d('messages.fixApplied')).waitFor();
    await fixes.getByRole('button', { name: d('fixes.apply.dmarc') }).waitFor({ state: 'detached' });
    const dmarc = await liveRrset(`_dmarc.${zone}`, 'TXT');
    expect(dmarc?.records[0]?.content).toMatch(/^"v=DMARC1; p=none; rua=mailto:/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('signs the zone, shows the DS records PowerDNS derives, and stops signing after a confirmation', async () => {
    await page.getByRole('tab', { name: d('zone.dnssec') }).click();
    await page.getByText(d('dnssec.offHint')).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: d('dnssec.enable') }).click();
    let confirm = page.getByRole('dialog', { name: d('dnssec.enable') });
    await confirm.getByRole('button', { name: d('dnssec.enable') }).click();
    await page.getByText(d('messages.signed')).waitFor();
    const ds = page.getByRole('list', { name: d('dnssec.ds') });
    await ds.waitFor({ timeout: 20_000 });
    const expected = await liveDs();
    expect(expected.some((r) => r.split(' ')[2] === '2')).toBe(true); // SHA-256, the registrars' usual
    const shown = await ds.locator(':scope > li > :first-child > code').allInnerTexts();
    expect(shown).toEqual(expected.map((r) => `${zone} IN DS ${r}`));
    await screenshot(page, 'dns-1440-en-light-dnssec');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: d('dnssec.disable') }).click();
    confirm = page.getByRole('dialog', { name: d('dnssec.disable') });
    await expect(confirm.innerText()).resolves.toContain(d('dnssec.disableText', { zone }));
    await confirm.getByRole('button', { name: d('dnssec.disable') }).click();
    await page.getByText(d('messages.unsigned')).waitFor();
    await page.getByText(d('dnssec.offHint')).waitFor();
    expect(await liveDs()).toEqual([]);
  });

  it('in the dark theme, names who made each change in the history', async () => {
    await choosePreference(page, '#theme-switch', 'carrierTheme');
    await page.getByRole('tab', { name: d('zone.history') }).click();
    const table = page.getByRole('table', { name: d('history.caption', { zone }) });
    await table.waitFor({ timeout: 20_000 });
    const by = table
      .locator('tbody tr')
      .first()
      .locator(`td[data-label="${d('history.who')}"]`);
    await expect(by.innerText()).resolves.toBe(server.adminEmail);
    await screenshot(page, 'dns-1440-en-dark-history');
    expect(await seriousViolations(page)).toEqual([]);
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

  it('imports a zone file with a refused line and signs the zone from the keyboard, within the phone width', async () => {
    const dialog = await previewRefusedFile(page, d, lang);
    expect(await noSideScroll(page)).toBe(true);
    expect(await fitsInside(dialog)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-import-refused');
    await twoToastsOverImport(page, dialog, d, 'dns-390-pt-dark-import-toasts');
    await dialog.getByLabel(d('import.text')).fill(zoneFile('192.0.2.27'));
    await dialog.getByRole('button', { name: d('import.preview') }).click();
    await dialog.getByRole('list', { name: d('import.changes') }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect(await fitsInside(dialog)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-import-preview');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: d('import.apply_one', { count: '1' }) }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(d('messages.imported')).waitFor();

    // DNSSEC with the keyboard only: the tab, the button, the confirmation's own button.
    await page.getByRole('tab', { name: d('zone.dnssec') }).focus();
    await page.keyboard.press('Enter');
    const enable = page.getByRole('button', { name: d('dnssec.enable') });
    await enable.waitFor({ timeout: 20_000 });
    await enable.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: d('dnssec.enable') });
    await confirm.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    for (let i = 0; i < 4 && (await focused()) !== d('dnssec.enable'); i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(d('dnssec.enable'));
    await screenshot(page, 'dns-390-pt-dark-dnssec-confirm');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    const ds = page.getByRole('list', { name: d('dnssec.ds') });
    await ds.waitFor({ timeout: 20_000 });
    // The button that asked is gone: focus stays in the DNSSEC panel, so Tab goes on from there.
    const panel = page.getByRole('region', { name: d('dnssec.title') });
    await expect.poll(() => panel.evaluate((e) => e === document.activeElement)).toBe(true);
    await expect(ds.innerText()).resolves.toContain(`${zone} IN DS ${(await liveDs())[0]}`);
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'dns-390-pt-dark-dnssec');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('in the light theme, words the file field in Portuguese and shows a refused line within the phone width', async () => {
    await choosePreference(page, '#theme-switch', 'primaryTheme');
    // The signing's toast is closed rather than waited out.
    const toasts = page.getByRole('button', { name: tr(lang, 'components', 'components.toasts.close') });
    for (const close of await toasts.all()) await close.click();
    // Picks the file through the field, worded in Portuguese before and after.
    const dialog = await previewRefusedFile(page, d, lang);
    expect(await noSideScroll(page)).toBe(true);
    expect(await fitsInside(dialog)).toBe(true);
    await screenshot(page, 'dns-390-pt-light-import-refused');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

// Last: it deletes the zone the tests above use. Deleting its domain asks about the zone (docs/DNS.md "Who
// controls a zone"): keeping the domain changes nothing; deleting takes the zone out of PowerDNS too.
describe('deleting the domain of a hosted zone at 390 px', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    // Hosted by the tests above; created here when this part runs alone.
    if ((await call(`${zonesApi}${zone}/`)).status === 404)
      await call(zonesApi, { method: 'POST', body: JSON.stringify({ name: domain }) });
  });

  const open = async (lang: Lang, theme: 'primaryTheme' | 'carrierTheme') => {
    const opened = await newPage(browser, server.url, { width: 390, height: 844 });
    await loginWithPreferences(opened.page, server.adminEmail, server.adminPassword, lang, theme);
    await opened.page.goto('/msas/settings/account');
    await opened.page.getByRole('tab', { name: tr(lang, 'settings', 'tabs.domains') }).click();
    const m = (key: string, vars: Record<string, string> = {}) => tr(lang, 'domains', key, vars);
    await opened.page.getByRole('button', { name: m('list.deleteOf', { name: domain }) }).click();
    const dialog = opened.page.getByRole('dialog', { name: m('zones.title', { name: domain }) });
    await dialog.waitFor({ timeout: 20_000 });
    await expect(dialog.getByRole('list', { name: m('zones.list') }).innerText()).resolves.toBe(zone);
    expect(await noSideScroll(opened.page)).toBe(true);
    expect(await fitsInside(dialog)).toBe(true);
    return { ...opened, dialog, m };
  };

  it('in en, asks what to do with the zone and keeps both when the domain is kept', async () => {
    const { context, page, dialog, m } = await open('en', 'primaryTheme');
    try {
      await screenshot(page, 'domains-390-en-light-delete-zones', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: m('zones.keep') }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: domain, exact: true }).waitFor();
      expect((await call(`${zonesApi}${zone}/`)).status).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('in pt, deletes the domain and its zone when told to', async () => {
    const { context, page, dialog, m } = await open('pt', 'carrierTheme');
    try {
      await screenshot(page, 'domains-390-pt-dark-delete-zones', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: m('zones.delete') }).click();
      await page.getByText(m('messages.deleted')).first().waitFor({ timeout: 20_000 });
      await page.getByRole('cell', { name: domain, exact: true }).waitFor({ state: 'detached' });
      const gone = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}`, {
        headers: { 'X-API-Key': pdns.apiKey },
      });
      expect(gone.status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
