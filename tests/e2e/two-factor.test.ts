import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, enableTwoFactor, totpCode } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { fillLogin, homePath, storedTokens, waitForHeading } from '../support/ui';

let server: RunningServer;
let browser: Browser;
let secret: string;
let setupCode: string;

// A code of a later 30 s step than `used`: the server refuses a step at or before the last one used
// (replay protection, RFC 6238 §5.2), so the confirmation's code cannot log in.
async function freshCode(used: string): Promise<string> {
  for (;;) {
    const code = await totpCode(secret);
    if (code !== used) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  ({ secret, code: setupCode } = await enableTwoFactor(server.url, access));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('login with two-factor authentication', () => {
  it('asks for the code after the password, rejects a wrong one, accepts the current TOTP', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto('/login');
      await waitForHeading(page, tr('en', 'auth', 'login.title'));
      await fillLogin(page, server.adminEmail, server.adminPassword);

      const codeInput = page.locator('#login-code');
      await codeInput.waitFor({ timeout: 10_000 });
      expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
      expect((await storedTokens(page)).access).toBeNull();
      await screenshot(page, 'login-two-factor');
      expect(await seriousViolations(page)).toEqual([]);

      const current = await totpCode(secret);
      await codeInput.fill(current === '000000' ? '111111' : '000000');
      await page.locator('form button[type="submit"]').click();
      await page
        .getByText(tr('en', 'errors', 'code_invalid'))
        .first()
        .waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/login');

      await codeInput.fill(await freshCode(setupCode));
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === homePath, { timeout: 20_000 });
      await waitForHeading(page, tr('en', 'menu', 'pages.overview'));
      expect((await storedTokens(page)).refresh).toBeTruthy();
    } finally {
      await context.close();
    }
  }, 90_000);
});
