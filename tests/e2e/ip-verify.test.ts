import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  testIps,
  testLists,
  testReputationZone,
  testZoneRecords,
  testZoneRules,
} from '../../server/checks/reputation/testing/testZones';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// The IP verify page against the real server, whose blocklists and reputation zone are served by a loopback
// DNS server (DNS_SERVERS), in both languages and both themes.
let dns: TestDnsServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  dns = await startDnsServer({ records: testZoneRecords, rules: testZoneRules });
  server = await startServer({
    DNS_SERVERS: `${dns.host}:${dns.port}`,
    DNSBL_ZONES: testLists,
    REPUTATION_ZONE: testReputationZone,
    DNSBL_TIMEOUT_MS: '500',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme'; target: string }[] = [
  { lang: 'en', theme: 'primaryTheme', target: testIps.listed },
  { lang: 'pt', theme: 'carrierTheme', target: testIps.v6 },
];

describe.each(passes)('IP verify in $lang with $theme', ({ lang, theme, target }) => {
  let context: BrowserContext;
  let page: Page;
  const t = (key: string, vars: Record<string, string> = {}) => tr(lang, 'ipVerify', key, vars);

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
    await page.goto('/msas/verify_tools/ip_verify');
    await page.waitForFunction((name) => document.documentElement.dataset.theme === name, theme);
    await waitForHeading(page, tr(lang, 'menu', 'pages.ipVerify'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('checks an IP with the keyboard and shows the lists, the reputation and the IP info', async () => {
    await page.getByText(t('results.empty')).waitFor();
    await page.getByRole('textbox', { name: t('form.target') }).fill(target);
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: t('lists.caption') });
    await table.waitFor({ timeout: 15_000 });
    const zen = table.locator('tr[data-zone="zen.test"]');
    await expect(zen.innerText()).resolves.toContain(t('status.listed'));
    await expect(zen.innerText()).resolves.toContain('127.0.0');
    const badge = page.getByTestId('reputation-badge');
    await expect(badge.innerText()).resolves.toContain(t(lang === 'en' ? 'reputation.L4' : 'reputation.L2'));
    await page.getByRole('heading', { name: t('info.title') }).waitFor();
    await screenshot(page, `ip-verify-${lang}-${theme}-results`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sends the delist request once, then disables the action', async () => {
    const button = page.getByRole('button', { name: t('delist.submit') });
    await button.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(tr(lang, 'ipVerify', 'messages.delistSent'))
      .first()
      .waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('button')].some((b) => b.textContent === name && b.disabled),
      t('delist.submit'),
    );
    await page.getByText(t('delist.sent', { target })).waitFor();
  });
});
