import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginViaUi, storedTokens, waitForHeading } from '../support/ui';

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
  await loginViaUi(page, server.adminEmail, server.adminPassword);
});

afterEach(async () => {
  await context.close();
});

// The user document as the server stores it, read with the SPA's own token.
async function serverUser(): Promise<Record<string, unknown>> {
  const { access } = await storedTokens(page);
  const claims = JSON.parse(Buffer.from(access!.split('.')[1], 'base64url').toString()) as { userId: number };
  const res = await fetch(`${server.url}/api/ph/users/${claims.userId}/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('preferences', () => {
  it('switches the language: text turns Portuguese, <html lang> follows, the choice is kept', async () => {
    await page.goto('/msas/monitoring/reports');
    await waitForHeading(page, tr('en', 'menu', 'pages.reports'));
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);

    await page.locator('#language-switch').selectOption('pt');
    await waitForHeading(page, tr('pt', 'menu', 'pages.reports'));
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^pt/);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pt');
    await page.getByText(tr('pt', 'pages', 'descriptions.reports')).waitFor();
    await screenshot(page, 'preferences-pt');

    await page.reload();
    await waitForHeading(page, tr('pt', 'menu', 'pages.reports'));
    await expect.poll(async () => (await serverUser()).language).toBe('pt');

    await page.locator('#language-switch').selectOption('en');
    await waitForHeading(page, tr('en', 'menu', 'pages.reports'));
  });

  it('switches the theme and keeps it after a reload, in localStorage and on the server', async () => {
    await page.goto('/msas/settings/account');
    await waitForHeading(page, tr('en', 'menu', 'pages.account'));
    const before = await background(page);

    await page.locator('#theme-switch').selectOption('carrierTheme');
    await expect.poll(() => background(page)).not.toBe(before);
    const carrier = await background(page);
    expect(await page.evaluate(() => localStorage.getItem('layoutTheme'))).toBe('carrierTheme');
    await screenshot(page, 'preferences-carrier');

    await page.reload();
    await waitForHeading(page, tr('en', 'menu', 'pages.account'));
    expect(await page.locator('#theme-switch').inputValue()).toBe('carrierTheme');
    expect(await background(page)).toBe(carrier);
    await expect.poll(async () => (await serverUser()).layout_theme).toBe('carrierTheme');

    await page.locator('#theme-switch').selectOption('primaryTheme');
    await expect.poll(() => background(page)).toBe(before);
  });
});
