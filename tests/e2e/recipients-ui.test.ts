import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// In Chromium: a report saved with an outside address lists it as waiting for confirmation; the
// owner opens the mailed link (nothing happens on opening), confirms with a press, the page says what was
// confirmed, the same link again says it was used, and the report lists the address as confirmed. At
// 1440 px in English on the light theme and at 390 px in Portuguese on the dark one (tests/.artifacts).

let server: RunningServer;
let browser: Browser;
let smtp: SlowSmtp;

beforeAll(async () => {
  ensureBuilt();
  smtp = await startSlowSmtp(0);
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com' });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const passes: { lang: Lang; theme: string; width: number }[] = [
  { lang: 'en', theme: 'primaryTheme', width: 1440 },
  { lang: 'pt', theme: 'carrierTheme', width: 390 },
];

describe.each(passes)(
  'Outside recipients at $width px in $lang',
  { timeout: 120_000 },
  ({ lang, theme, width }) => {
    let page: Page;
    const d = (key: string, vars: Record<string, string> = {}) => tr(lang, 'digests', key, vars);
    const r = (key: string, vars: Record<string, string> = {}) => tr(lang, 'recipients', key, vars);
    const name = `Outside ${lang}`;
    const address = `far-${lang}@example.net`;
    let link = '';
    const shot = (p: Page, what: string) => screenshot(p, `recipients-${width}-${lang}-${what}`);
    const noSideScroll = (p: Page) =>
      p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    const row = () =>
      page
        .getByRole('table', { name: d('list.caption') })
        .getByRole('row')
        .filter({ hasText: name });

    beforeAll(async () => {
      ({ page } = await newPage(browser, server.url, { width, height: 900 }));
      await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
    }, 60_000);

    afterAll(async () => {
      await page?.context().close();
    });

    it('lists a new outside address as waiting, and mails it only the confirmation', async () => {
      await page.goto('/msas/monitoring/reports');
      await waitForHeading(page, tr(lang, 'menu', 'pages.reports'));
      await page.getByRole('button', { name: d('list.add') }).click();
      const dialog = page.getByRole('dialog', { name: d('form.createTitle') });
      await dialog.getByLabel(d('form.name'), { exact: true }).fill(name);
      await dialog.getByLabel(d('form.addresses')).fill(address);
      await expect(dialog.innerText()).resolves.toContain(r('note'));
      await dialog.getByRole('button', { name: d('form.save') }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(row().innerText()).resolves.toContain(`(${r('states.waiting')})`);
      await row()
        .getByRole('button', { name: r('resendTo', { address }) })
        .waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, 'list-waiting');
      expect(await seriousViolations(page)).toEqual([]);

      const mail = await simpleParser((await smtp.waitFor(address, 30_000)).data);
      expect(mail.subject).toContain('msas');
      expect(mail.subject).not.toContain(name);
      link = /(https?:\/\/\S+\/recipient-confirmation#\S+)/.exec(mail.text ?? '')![1]!;
    });

    it('confirms from the link in a browser with no session, once', async () => {
      const { context, page: visitor } = await newPage(browser, server.url, { width, height: 900 });
      const target = new URL(link);
      await visitor.goto(`${target.pathname}${target.hash}`);
      await visitor.locator('#language-switch').selectOption(lang);
      await visitor.locator('#theme-switch').selectOption(theme);
      await waitForHeading(visitor, r('page.title'));
      // The token left the address bar, and opening the link decided nothing.
      expect(new URL(visitor.url()).hash).toBe('');
      await shot(visitor, 'page');
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.getByRole('button', { name: r('page.confirm') }).click();
      const done = visitor.getByRole('status').filter({ hasText: address });
      await done.waitFor();
      expect(await done.innerText()).toContain(
        r('page.confirmed', { address, organization: '' }).split(':')[0],
      );
      expect(await noSideScroll(visitor)).toBe(true);
      await shot(visitor, 'confirmed');
      expect(await seriousViolations(visitor)).toEqual([]);

      // The same link again, opened from the mail in a new tab: already used.
      const again = await context.newPage();
      await again.goto(`${target.pathname}${target.hash}`);
      await waitForHeading(again, r('page.title'));
      await again.getByRole('button', { name: r('page.confirm') }).click();
      await again
        .getByRole('alert')
        .filter({ hasText: r('page.used') })
        .waitFor();
      await shot(again, 'used');
      expect(await seriousViolations(again)).toEqual([]);
      await context.close();
    });

    it('lists the address as confirmed', async () => {
      await page.reload();
      await waitForHeading(page, tr(lang, 'menu', 'pages.reports'));
      await expect(row().innerText()).resolves.toContain(`(${r('states.confirmed')})`);
      await shot(page, 'list-confirmed');
    });
  },
);
