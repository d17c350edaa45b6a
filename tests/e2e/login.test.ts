import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { budgetBytes } from '../../scripts/check-bundle';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { fillLogin, homePath, loginViaUi, storedTokens, waitForHeading } from '../support/ui';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  ({ context, page } = await newPage(browser, server.url));
});

afterEach(async () => {
  await context.close();
});

describe('first start and login', () => {
  it('sends an anonymous visitor of a protected page to /login, then back there after logging in', async () => {
    await page.goto('/msas/monitoring/alerts');
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForHeading(page, tr('en', 'auth', 'login.title'));
    await screenshot(page, 'login-en');
    expect(await seriousViolations(page)).toEqual([]);

    // the owner created on first start from MSAS_ADMIN_EMAIL / MSAS_ADMIN_PASSWORD
    await fillLogin(page, server.adminEmail, server.adminPassword);
    await page.waitForURL((url) => url.pathname === '/msas/monitoring/alerts', { timeout: 20_000 });
    await waitForHeading(page, tr('en', 'menu', 'pages.alerts'));
  });

  it('logs the owner in without two-factor and stores both tokens', async () => {
    await loginViaUi(page, server.adminEmail, server.adminPassword);
    const tokens = await storedTokens(page);
    expect(tokens.access?.split('.')).toHaveLength(3);
    expect(tokens.refresh).toBeTruthy();
    const claims = JSON.parse(Buffer.from(tokens.access!.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ tokenType: 'access', userEmail: server.adminEmail });
    await screenshot(page, 'home-en');
  });

  it('shows the catalogue message for wrong credentials and stays on /login', async () => {
    await page.goto('/login');
    await waitForHeading(page, tr('en', 'auth', 'login.title'));
    await fillLogin(page, server.adminEmail, 'not-the-password');
    await page
      .getByText(tr('en', 'errors', 'invalid_credentials'))
      .first()
      .waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await storedTokens(page)).access).toBeNull();
  });

  it('shows the session-expired notice for /login?sessionExpired=true', async () => {
    await page.goto('/login?sessionExpired=true');
    await page.getByText(tr('en', 'auth', 'login.sessionExpired')).waitFor({ timeout: 10_000 });
  });

  it('loads under the bundle budget of JavaScript and no chart code on /login', async () => {
    const scripts: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(res.body().then((body) => ({ url: res.url(), body })));
    });
    await page.goto('/login');
    await waitForHeading(page, tr('en', 'auth', 'login.title'));
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const gzipBytes = loaded.reduce((n, s) => n + gzipSync(s.body).length, 0);
    console.log(`/login loaded ${loaded.length} scripts, ${(gzipBytes / 1000).toFixed(1)} kB gzipped`);
    expect(loaded.length).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThanOrEqual(budgetBytes);
    expect(loaded.filter((s) => s.body.includes('recharts-')).map((s) => s.url)).toEqual([]);
  });

  it('logs out: both tokens gone and back on /login', async () => {
    await loginViaUi(page, server.adminEmail, server.adminPassword);
    await page.locator('header button[aria-expanded]').filter({ hasText: server.adminEmail }).click();
    await page.getByRole('button', { name: tr('en', 'common', 'userMenu.logout'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });

    // and the app pages are closed again
    await page.goto(homePath);
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
