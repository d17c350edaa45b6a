import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../support/api';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { fillLogin, homePath, storedTokens, waitForHeading } from '../support/ui';

// The whole account journey in Chromium, with outbound mail captured by a loopback SMTP server:
// sign up → verify from the e-mail → log in → enable 2FA → log out → log in with a code → log in with a
// recovery code → invite a member → the member accepts → change the owner.

let mailbox: Mailbox;
let server: RunningServer;
let browser: Browser;

const en = (ns: string, key: string, vars: Record<string, string> = {}) => tr('en', ns, key, vars);
const owner = {
  name: 'Ana Lima',
  username: 'ana-journey',
  email: 'ana@journey.test',
  password: 'Journey-pass-2026!',
};
const member = { email: 'bruno@journey.test', username: 'bruno-journey', password: 'Quiet-river-8412!' };

async function logout(page: Page) {
  await page.getByRole('button', { name: en('common', 'userMenu.label', { name: owner.username }) }).click();
  await page.getByRole('button', { name: en('common', 'userMenu.logout') }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

async function openAccountTab(page: Page, tab: string) {
  await page.goto('/msas/settings/account');
  await waitForHeading(page, en('menu', 'pages.account'));
  await page.getByRole('tab', { name: en('settings', `tabs.${tab}`) }).click();
}

beforeAll(async () => {
  ensureBuilt();
  mailbox = await startMailbox();
  server = await startServer({ SMTP_URL: mailbox.url, MAIL_FROM: 'msas@journey.test' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

describe('account journey', () => {
  it('runs from sign-up to an owner change', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      // Sign up, then follow the e-mailed verification link.
      await page.goto('/signup');
      await waitForHeading(page, en('account', 'signup.title'));
      await page.getByLabel(en('account', 'signup.name')).fill(owner.name);
      await page.getByLabel(en('account', 'signup.username')).fill(owner.username);
      await page.getByLabel(en('account', 'signup.email')).fill(owner.email);
      await page.locator('#signup-password').fill(owner.password);
      await page.getByRole('button', { name: en('account', 'signup.submit') }).click();
      await page.getByText(en('account', 'signup.sent')).waitFor();
      await page.goto(await mailbox.link(owner.email, '/confirm-registration'));
      await page.getByText(en('account', 'verify.success')).waitFor();

      // Log in and enable 2FA; the recovery codes are shown once.
      await page.goto('/login');
      await fillLogin(page, owner.username, owner.password);
      await page.waitForURL((url) => url.pathname === homePath);
      await openAccountTab(page, 'security');
      await page.getByRole('button', { name: en('account', 'twoFactor.start') }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      const setupCode = await totpCode(secret);
      await page.getByLabel(en('account', 'twoFactor.code'), { exact: true }).fill(setupCode);
      await page.getByRole('button', { name: en('account', 'twoFactor.confirm') }).click();
      await page.getByTestId('recovery-codes').locator('li').first().waitFor();
      const codes = await page.getByTestId('recovery-codes').locator('li').allInnerTexts();
      expect(codes.length).toBeGreaterThan(0);
      await screenshot(page, 'account-journey-recovery-codes');
      await page.getByRole('button', { name: en('account', 'twoFactor.codesDone') }).click();
      await logout(page);

      // Log in with a TOTP code of a later step than the set-up one (RFC 6238 §5.2 replay protection).
      await fillLogin(page, owner.username, owner.password);
      let code = await totpCode(secret);
      while (code === setupCode) {
        await new Promise((r) => setTimeout(r, 1000));
        code = await totpCode(secret);
      }
      await page.locator('#login-code').fill(code);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === homePath);
      await logout(page);

      // Log in with a recovery code.
      await page.goto('/login/recovery');
      await waitForHeading(page, en('account', 'recovery.title'));
      await page.getByLabel(en('account', 'recovery.username')).fill(owner.username);
      await page.locator('#recovery-password').fill(owner.password);
      await page.getByLabel(en('account', 'recovery.code')).fill(codes[0]!);
      await page.getByRole('button', { name: en('account', 'recovery.submit') }).click();
      await page.waitForURL((url) => url.pathname === homePath);
      expect((await storedTokens(page)).access).not.toBeNull();

      // Invite a member; the member accepts through the e-mailed link (in a fresh, logged-out context).
      await openAccountTab(page, 'organization');
      await page.getByLabel(en('organizations', 'invite.email')).fill(member.email);
      await page.getByRole('button', { name: en('organizations', 'invite.submit') }).click();
      await page.getByText(en('organizations', 'messages.invited')).waitFor();
      const link = await mailbox.link(member.email, '/member-registration');
      const invitee = await newPage(browser, server.url);
      try {
        await invitee.page.goto(link);
        await waitForHeading(invitee.page, en('account', 'invitation.title'));
        await invitee.page.getByLabel(en('account', 'signup.username')).fill(member.username);
        await invitee.page.locator('#invitation-password').fill(member.password);
        await invitee.page.getByRole('button', { name: en('account', 'invitation.submit') }).click();
        await invitee.page.getByText(en('account', 'invitation.accepted')).waitFor();
      } finally {
        await invitee.context.close();
      }

      // Hand the organization over to the new member.
      await openAccountTab(page, 'organization');
      const makeOwner = page.getByRole('button', {
        name: en('organizations', 'actions.makeOwnerOf', { name: member.username }),
      });
      await makeOwner.click();
      await page.getByText(en('organizations', 'messages.ownerDone')).waitFor();
      await expect.poll(() => makeOwner.count()).toBe(0);
      await screenshot(page, 'account-journey-owner-changed');
    } catch (error) {
      await screenshot(page, 'account-journey-failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
