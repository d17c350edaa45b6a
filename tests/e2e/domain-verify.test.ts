import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// Verify Tools → Domain verify in Chromium against the real server, whose checks resolve through a loopback
// DNS server holding an SPF include chain and a DMARC record.

let dns: TestDnsServer;
let server: RunningServer;
let browser: Browser;

const domain = 'e2e-mail.example';

beforeAll(async () => {
  ensureBuilt();
  dns = await startDnsServer({
    records: [
      { name: domain, type: 'TXT', data: `v=spf1 include:_spf.${domain} -all` },
      { name: `_spf.${domain}`, type: 'TXT', data: 'v=spf1 ip4:192.0.2.0/24 -all' },
      { name: `_dmarc.${domain}`, type: 'TXT', data: 'v=DMARC1; p=none' },
      { name: domain, type: 'MX', data: { preference: 10, exchange: `mx.${domain}` } },
      { name: `mx.${domain}`, type: 'A', data: '192.0.2.25' },
    ],
  });
  server = await startServer({ DNS_SERVERS: `${dns.host}:${dns.port}` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme' }[] = [
  { lang: 'en', theme: 'primaryTheme' },
  { lang: 'pt', theme: 'carrierTheme' },
];

describe.each(passes)('Domain verify in $lang with $theme', ({ lang, theme }) => {
  let context: BrowserContext;
  let page: Page;
  const t = (key: string, vars?: Record<string, string>) => tr(lang, 'domainVerify', key, vars);

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('runs the check of a shared link: SPF include tree, DMARC tags, scores and warnings', async () => {
    await page.goto(`/msas/verify_tools/domain_verify?domain=${domain}&spf=1&dmarc=1`);
    await waitForHeading(page, tr(lang, 'menu', 'pages.domainVerify'));
    await expect
      .poll(() => page.getByText(`_spf.${domain}`, { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    const tags = page.getByRole('table', { name: t('dmarc.tags') });
    await tags.waitFor();
    expect(await tags.getByRole('rowheader', { name: 'p', exact: true }).count()).toBe(1);
    expect(
      await page.getByRole('progressbar', { name: t('results.scoreOf', { system: 'SPF' }) }).count(),
    ).toBe(1);
    expect(await page.getByRole('checkbox', { name: t('flags.dane') }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `domain-verify-${lang}-${theme}`);
  });

  it('is usable with the keyboard alone and writes the choice into the URL', async () => {
    await page.goto('/msas/verify_tools/domain_verify');
    await waitForHeading(page, tr(lang, 'menu', 'pages.domainVerify'));
    await page.getByText(t('results.empty')).waitFor();
    await page.getByRole('textbox', { name: t('form.domain') }).focus();
    await page.keyboard.type(domain);
    // Tab to "Select none", press it, then tick DMARC with the space bar.
    await page.getByRole('button', { name: t('form.selectNone') }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: t('flags.dmarc') }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: t('form.submit') }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === `?domain=${domain}&dmarc=1`);
    await page.getByRole('table', { name: t('dmarc.tags') }).waitFor();
    expect(
      await page.getByRole('progressbar', { name: t('results.scoreOf', { system: 'SPF' }) }).count(),
    ).toBe(0);
  });
});
