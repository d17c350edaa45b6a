import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/i18n/format';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { ensureBuilt, msasBin, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { seededDataDir } from '../support/pglite-template';
import { startServer, type RunningServer } from '../support/server';
import { loginViaUi, loginWithPreferences, waitForHeading } from '../support/ui';

// Analytics in Chromium against the real server: sample reports go into the owner's organization,
// then the four analytics pages are walked with data and empty, in English and Portuguese, both themes,
// axe clean; a support user maintains the email sender catalogue.

const samples = path.resolve(repoRoot, '..', 'shared', 'samples', 'dmarc');
const reports = [
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml',
  'dmarc-report-viewer/testdata/dmarc-reports/google.xml',
  'dmarc-report-viewer/testdata/dmarc-reports/yahoo.xml',
].map((f) => path.join(samples, f));
// The samples are from 2023 and 2024, older than the organization's retention (30 days): the purge job
// would drop them while the pages are walked. Each is moved to begin a few days ago, keeping its length.
const day = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const recentBegin = Math.floor(Date.now() / day) * day - 3 * day;
const recent = (xml: string) => {
  const begin = Number(/<begin>\s*(\d+)\s*<\/begin>/.exec(xml)![1]);
  const end = Number(/<end>\s*(\d+)\s*<\/end>/.exec(xml)![1]);
  return xml
    .replace(/<begin>\s*\d+\s*<\/begin>/, `<begin>${recentBegin / 1000}</begin>`)
    .replace(/<end>\s*\d+\s*<\/end>/, `<end>${recentBegin / 1000 + (end - begin)}</end>`);
};
const range = { begin: isoDay(recentBegin - 7 * day), end: isoDay(recentBegin + 7 * day) };
const withData = `begin_date=${range.begin}&end_date=${range.end}`;
const empty = 'begin_date=2020-01-01&end_date=2020-01-07';
const shots = '/tmp/shots-analytics-ui';
const support = { email: 'support@analytics.test', password: 'Support-charts-2026!' };
const owner = { email: 'owner@analytics.test', password: 'Owner-charts-2026!' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;

async function seed() {
  const { access } = await apiLogin(server.url, owner.email, owner.password);
  const auth = { Authorization: `Bearer ${access}` };
  for (const name of ['example.com', 'foo-bar.io', 'random.org']) {
    const res = await fetch(`${server.url}/api/dm/domains/create/`, {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({ name }),
    });
    if (res.status !== 201) throw new Error(`domain ${name}: ${res.status}`);
  }
  const form = new FormData();
  for (const file of reports) {
    form.append('filenames', path.basename(file));
    form.append('files', new Blob([recent(readFileSync(file, 'utf8'))]), path.basename(file));
  }
  const res = await fetch(`${server.url}/api/dm/dmarc/reports/upload/`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = (await res.json()) as { data: { status: string }[] };
  if (!body.data.every((r) => r.status === 'imported')) throw new Error(`upload: ${JSON.stringify(body)}`);
  // Unattributed sources are not rows of the by-sender page (spec section 5): support names the samples'
  // network as a sender, and the stored sources are attributed again.
  const staff = {
    Authorization: `Bearer ${(await apiLogin(server.url, support.email, support.password)).access}`,
  };
  const senders = `${server.url}/api/dm/dmarc/aggregate-reports/email-senders/`;
  const json = { ...staff, 'Content-Type': 'application/json' };
  const created = await fetch(senders, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Sample Relay', reverse_dns_suffixes: [] }),
  });
  if (created.status !== 201) throw new Error(`sender: ${created.status} ${await created.text()}`);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const networks = await fetch(`${senders}${id}/networks/`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ networks: [{ range: '1.2.3.0/24' }] }),
  });
  if (networks.status !== 200) throw new Error(`networks: ${networks.status}`);
  const recalculated = await fetch(`${server.url}/api/dm/dmarc/aggregate-reports/networks/recalculate/`, {
    method: 'POST',
    headers: staff,
  });
  if (recalculated.status !== 202) throw new Error(`recalculate: ${recalculated.status}`);
}

// Language and theme are the user's saved settings: put them back so the next login reads English.
async function resetPreferences() {
  const { access } = await apiLogin(server.url, owner.email, owner.password);
  const { userId } = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()) as {
    userId: number;
  };
  const res = await fetch(`${server.url}/api/ph/users/${userId}/settings/`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ language: 'en', layout_theme: 'primaryTheme' }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status}`);
}

beforeAll(async () => {
  ensureBuilt();
  // The support account exists before the server starts: PGlite allows one process per data dir.
  dataDir = seededDataDir('msas-e2e-analytics-');
  // (With accounts present the server creates no bootstrap owner, so the owner is made here too.)
  for (const [who, role] of [
    [support, 'support'],
    [owner, 'owner'],
  ] as const) {
    const args = [msasBin, 'create-user', '--email', who.email, '--password', who.password];
    args.push('--role', role, ...(role === 'owner' ? ['--organization', 'Analytics Org'] : []));
    const created = spawnSync(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(`create-user failed: ${created.stderr}${created.stdout}`);
  }
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  await seed();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const a = (lang: Lang, key: string, vars: Record<string, string> = {}) => tr(lang, 'analytics', key, vars);
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

async function visit(page: Page, lang: Lang, route: string, menuKey: string, query: string) {
  await page.goto(`/msas/analytics/${route}?${query}`);
  await waitForHeading(page, tr(lang, 'menu', `pages.${menuKey}`));
}

async function walkWithData(page: Page, lang: Lang, theme: string) {
  await visit(page, lang, 'overview', 'overview', withData);
  const cards = page.getByLabel(a(lang, 'overview.cards'));
  await cards.waitFor({ timeout: 20_000 });
  await page.getByRole('table', { name: a(lang, 'overview.passFail') }).waitFor();
  await expect(cards.innerText()).resolves.toContain(
    a(lang, 'overview.range', { begin: formatDay(range.begin, lang), end: formatDay(range.end, lang) }),
  );
  await shot(page, `overview-${lang}-${theme}`);
  expect(await seriousViolations(page)).toEqual([]);

  await visit(page, lang, 'by_domain', 'byDomain', withData);
  const domains = page.getByRole('table', { name: a(lang, 'byDomain.title') });
  await domains.waitFor({ timeout: 20_000 });
  for (const d of ['example.com', 'foo-bar.io', 'random.org'])
    await expect(domains.innerText()).resolves.toContain(d);
  await shot(page, `by-domain-${lang}-${theme}`);
  // Contract 6: the whole list under the filter as CSV, fetched by the API client and saved as a file.
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: a(lang, 'csv.exportOf', { title: a(lang, 'byDomain.title') }) })
    .click();
  const file = await download;
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('domain');
  for (const d of ['example.com', 'foo-bar.io', 'random.org']) expect(csv).toContain(d);
  expect(await seriousViolations(page)).toEqual([]);
  await domains.getByRole('button', { name: a(lang, 'drill.open', { name: 'example.com' }) }).click();
  const messages = page.getByRole('table', { name: a(lang, 'drill.messages', { name: 'example.com' }) });
  await messages.waitFor({ timeout: 20_000 });
  await expect(messages.innerText()).resolves.toContain('1.2.3.4');
  expect(await seriousViolations(page)).toEqual([]);

  await visit(page, lang, 'by_ip', 'byIp', withData);
  const ips = page.getByRole('table', { name: a(lang, 'byIp.title') });
  await ips.waitFor({ timeout: 20_000 });
  await ips.getByRole('button', { name: a(lang, 'drill.open', { name: '1.2.3.4' }) }).click();
  const details = page.getByRole('table', { name: a(lang, 'drill.details', { name: '1.2.3.4' }) });
  await details.waitFor({ timeout: 20_000 });
  // Spec section 4: the reporter's row links to its report in Processed Data.
  await expect(details.getByRole('link').first().getAttribute('href')).resolves.toMatch(
    /^\/msas\/processed_data\/dmarc_reports\?report=\d+$/,
  );
  await page.getByRole('heading', { name: a(lang, 'byIp.info', { ip: '1.2.3.4' }) }).waitFor();
  await page.getByText(tr(lang, 'ipVerify', 'info.spfDomains')).waitFor({ timeout: 20_000 });
  await shot(page, `by-ip-drill-${lang}-${theme}`);
  expect(await seriousViolations(page)).toEqual([]);

  await visit(page, lang, 'by_sender_service', 'bySenderService', withData);
  const senders = page.getByRole('table', { name: a(lang, 'bySenderService.title') });
  await senders.waitFor({ timeout: 20_000 });
  await expect(senders.innerText()).resolves.toContain('Sample Relay');
  await shot(page, `by-sender-service-${lang}-${theme}`);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('Analytics', () => {
  it.each<[Lang, string]>([
    ['en', 'primaryTheme'],
    ['pt', 'carrierTheme'],
  ])(
    'walks the four pages with data in %s, %s, axe clean',
    async (lang, theme) => {
      const { context, page } = await newPage(browser, server.url);
      try {
        await loginWithPreferences(page, owner.email, owner.password, lang, theme);
        await walkWithData(page, lang, theme);
      } finally {
        await context.close();
        await resetPreferences();
      }
    },
    240_000,
  );

  it('shows each page empty for a period without reports', async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, owner.email, owner.password, 'en');
    await visit(page, 'en', 'overview', 'overview', empty);
    await page.getByText(a('en', 'overview.empty')).waitFor({ timeout: 20_000 });
    await shot(page, 'overview-empty');
    expect(await seriousViolations(page)).toEqual([]);
    for (const [route, key, ns] of [
      ['by_domain', 'byDomain', 'byDomain'],
      ['by_ip', 'byIp', 'byIp'],
      ['by_sender_service', 'bySenderService', 'bySenderService'],
    ]) {
      await visit(page, 'en', route, key, empty);
      await page.getByText(a('en', `${ns}.empty`)).waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await shot(page, 'by-sender-service-empty');
    await context.close();
  }, 240_000);

  it('lets support add an email sender with its networks; the list shows it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, support.email, support.password, 'en');
    // The catalogue is one for the installation: its own page, no organization filter.
    await visit(page, 'en', 'email_senders', 'emailSenders', '');
    const e = (key: string, vars: Record<string, string> = {}) => tr('en', 'emailSenders', key, vars);
    await page.getByRole('button', { name: e('list.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(e('form.name')).fill('Acme Relay');
    await dialog.getByLabel(e('form.networkRange')).fill('203.0.113.0/24');
    await dialog.getByRole('button', { name: e('form.addNetwork') }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'email-sender-form');
    await dialog.getByRole('button', { name: e('form.save') }).click();
    await page.getByText(e('messages.created')).waitFor({ timeout: 20_000 });
    const catalogueSearch = page.getByRole('search', { name: e('list.search') });
    await catalogueSearch.getByRole('searchbox', { name: e('list.search') }).fill('Acme Relay');
    await catalogueSearch
      .getByRole('button', { name: tr('en', 'components', 'components.listToolbar.search') })
      .click();
    const list = page.getByRole('table', { name: e('list.caption') });
    await expect.poll(() => list.innerText(), { timeout: 20_000 }).toContain('203.0.113.0/24');
    await shot(page, 'email-senders-support');
    await context.close();
  }, 240_000);
});
