import { generateKeyPairSync } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { freePort, startServer, type RunningServer } from '../support/server';
import { loginViaUi, loginWithPreferences, waitForHeading } from '../support/ui';

// Analysis by system and Domain Info in Chromium against the real server. Two domains are registered; the
// server checks them right away through a loopback DNS zone (SMTP and MTA-STS ports point at closed loopback
// ports, so those checks fail fast), then every page is walked in both languages and themes, with axe.

const good = 'msas-e2e-good.com';
const weak = 'msas-e2e-weak.org';
const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');

let dns: TestDnsServer;
let server: RunningServer;
let browser: Browser;
let access: string;

const txt = (name: string, data: string) => ({ name, type: 'TXT', data });

beforeAll(async () => {
  ensureBuilt();
  dns = await startDnsServer({
    records: [
      txt(good, 'v=spf1 ip4:192.0.2.0/24 -all'),
      txt(`_dmarc.${good}`, `v=DMARC1; p=reject; rua=mailto:dmarc@${good}`),
      txt(`_smtp._tls.${good}`, `v=TLSRPTv1; rua=mailto:tls@${good}`),
      txt(`_mta-sts.${good}`, 'v=STSv1; id=20261122'),
      { name: good, type: 'MX', data: { preference: 10, exchange: `mx.${good}` } },
      { name: `mx.${good}`, type: 'A', data: '127.0.0.1' },
      { name: `mta-sts.${good}`, type: 'A', data: '127.0.0.1' },
      txt(weak, 'v=spf1 ?all'),
      txt(`_dmarc.${weak}`, 'v=DMARC1; p=none'),
      txt(`selector1._domainkey.${weak}`, `v=DKIM1; t=y; k=rsa; p=${rsa1024}`),
    ],
  });
  const closed = String(await freePort());
  server = await startServer({
    DNS_SERVERS: `${dns.host}:${dns.port}`,
    SMTP_CHECK_PORT: closed,
    MTA_STS_PORT: closed,
    CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
    CHECK_INTERVAL_HOURS: '24',
  });
  browser = await launchBrowser();
  ({ access } = await apiLogin(server.url, server.adminEmail, server.adminPassword));
  for (const name of [good, weak]) {
    const res = await fetch(`${server.url}/api/dm/domains/create/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      body: new URLSearchParams({ name }),
    });
    if (res.status !== 201) throw new Error(`domain ${name}: ${res.status} ${await res.text()}`);
  }
  // Registering a domain checks it in the background: wait until both have stored results.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${server.url}/api/dm/analysis-by-system/dmarc/`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    const doc = (await res.json()) as { data: { attributes: { status: string } }[] };
    if (doc.data.filter((d) => d.attributes.status !== 'unchecked').length === 2) break;
    if (Date.now() > deadline) throw new Error(`domains not checked in time: ${JSON.stringify(doc)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

const pages = [
  { id: 'dmarc', path: 'dmarc' },
  { id: 'spf', path: 'spf' },
  { id: 'smtpServers', path: 'smtp_servers' },
  { id: 'tls', path: 'tls' },
  { id: 'mtaSts', path: 'mta_sts' },
  { id: 'dkim', path: 'dkim' },
  { id: 'dnssec', path: 'dnssec' },
] as const;

const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme' }[] = [
  { lang: 'en', theme: 'primaryTheme' },
  { lang: 'pt', theme: 'carrierTheme' },
];

// First, while the owner's stored language is still English.
describe('Check now', () => {
  it('re-checks one domain from its row and says so', async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, server.adminEmail, server.adminPassword, 'en');
    await page.goto('/msas/analysis_by_system/spf');
    const t = (key: string, vars?: Record<string, string>) => tr('en', 'analysis', key, vars);
    await page.getByRole('button', { name: `${t('recheck.action')} ${good}` }).click();
    await page.getByText(t('recheck.done', { domain: good })).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe.each(passes)('Analysis by system in $lang with $theme', ({ lang, theme }) => {
  let context: BrowserContext;
  let page: Page;
  const t = (key: string, vars?: Record<string, string>) => tr(lang, 'analysis', key, vars);

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each(pages)('lists both domains on the $id page, axe clean', async ({ id, path }) => {
    await page.goto(`/msas/analysis_by_system/${path}`);
    await waitForHeading(page, tr(lang, 'menu', `pages.${id}`));
    const table = page.getByRole('table', { name: t('table.caption', { system: t(`systems.${id}`) }) });
    await table.waitFor({ timeout: 20_000 });
    await expect(table.getByRole('button', { name: good, exact: true }).count()).resolves.toBe(1);
    await expect(table.getByRole('button', { name: weak, exact: true }).count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `analysis-${id}-${lang}-${theme}`);
  });

  it('drills down from a DMARC row to the full result, with translated warnings', async () => {
    await page.goto('/msas/analysis_by_system/dmarc');
    await page.getByRole('button', { name: weak, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('domain') === weak);
    await page.getByRole('heading', { name: t('detail.title', { domain: weak }) }).waitFor();
    const tags = page.getByRole('table', { name: tr(lang, 'domainVerify', 'dmarc.tags') });
    await tags.waitFor();
    await expect(tags.innerText()).resolves.toContain(tr(lang, 'dmarcTags', 'p.name'));
    await expect(page.getByText(tr(lang, 'checkWarnings', 'policy_none')).count()).resolves.toBeGreaterThan(
      0,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `analysis-dmarc-detail-${lang}-${theme}`);
    await page.getByRole('button', { name: t('detail.showAll') }).click();
    await page.getByRole('button', { name: good, exact: true }).waitFor();
  });

  it('shows the DKIM selectors of a domain: key type, bits, testing flag', async () => {
    await page.goto(`/msas/analysis_by_system/dkim?domain=${weak}`);
    const selectors = page.getByRole('table', { name: t('dkim.caption') });
    await selectors.waitFor({ timeout: 20_000 });
    const row = selectors.getByRole('row').filter({ hasText: 'selector1' });
    await expect(row.innerText()).resolves.toContain('1024');
    await expect(row.innerText()).resolves.toContain('RSA');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `analysis-dkim-detail-${lang}-${theme}`);
  });

  it('Domain Info: the current records and the DMARC history of the chosen domain', async () => {
    const d = (key: string, vars?: Record<string, string>) => tr(lang, 'domainInfo', key, vars);
    await page.goto(`/msas/processed_data/domains?domain=${good}`);
    await waitForHeading(page, tr(lang, 'menu', 'pages.domainInfo'));
    const current = page.getByRole('region', { name: d('current.section') });
    await current.getByText(`v=DMARC1; p=reject; rua=mailto:dmarc@${good}`).waitFor({ timeout: 20_000 });
    await expect(current.innerText()).resolves.toContain('v=spf1 ip4:192.0.2.0/24 -all');
    const history = page.getByRole('table', {
      name: d('history.caption', { type: d('history.types.dmarc') }),
    });
    await history.waitFor();
    await expect(history.innerText()).resolves.toContain('p=reject');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `domain-info-${lang}-${theme}`);
  });
});
