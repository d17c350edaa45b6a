import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { coveredByToasts, holdToasts, releaseToasts } from '../support/toasts';
import { choosePreference, loginViaUi, waitForHeading } from '../support/ui';

// Processed Data against the real server: two real sample reports go in through the upload dialog, then
// the lists, the report detail and the TLS page are checked, with axe, in English and Portuguese.
const samples = path.resolve(repoRoot, '..', 'shared', 'samples', 'dmarc');
const aggregateFile = path.join(
  samples,
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml.gz',
);
const tlsFile = path.join(samples, 'dmarc-report-viewer/testdata/smtp-tls-reports/google.json');
const period = 'begin_date=2023-11-01&end_date=2025-12-31';
const dmarcPath = `/msas/processed_data/dmarc_reports?${period}`;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function addDomain(access: string, name: string) {
  const res = await fetch(`${server.url}/api/dm/domains/create/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    body: new URLSearchParams({ name }),
  });
  if (res.status !== 201) throw new Error(`domain ${name}: ${res.status} ${await res.text()}`);
}

// Language and theme are saved on the server too: wait for that before the next page load reads them.
beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  // A report belongs to the organization that registered its policy domain.
  await addDomain(access, 'example.com');
  await addDomain(access, 'foo-bar.io');
  ({ context, page } = await newPage(browser, server.url));
  await loginViaUi(page, server.adminEmail, server.adminPassword, 'en');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('Processed Data', () => {
  it('uploads a DMARC aggregate and a TLS report through the dialog and shows each outcome', async () => {
    const t = (key: string, vars: Record<string, string> = {}) => tr('en', 'processedData', key, vars);
    await page.goto(dmarcPath);
    await waitForHeading(page, tr('en', 'menu', 'pages.dmarcReports'));
    await page.getByText(t('dmarc.empty')).waitFor();
    await page.getByRole('button', { name: t('upload.action') }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('input')
      .and(dialog.getByLabel(t('upload.field')))
      .setInputFiles([aggregateFile, tlsFile]);
    await dialog.getByRole('button', { name: t('upload.send_other', { count: '2' }) }).click();
    const imported = dialog.locator('[data-status="imported"]');
    await expect.poll(() => imported.count(), { timeout: 30_000 }).toBe(2);
    await expect(imported.first().innerText()).resolves.toContain('example.com');
    await expect(imported.nth(1).innerText()).resolves.toContain('foo-bar.io');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t('upload.close') }).click();
    const table = page.getByRole('table', { name: t('dmarc.caption') });
    await table.waitFor({ timeout: 15_000 });
    await expect(table.innerText()).resolves.toContain('Google');
    await expect(table.innerText()).resolves.toContain('p=reject; sp=none; pct=100');
  });

  it('opens the report with its records', async () => {
    const t = (key: string, vars: Record<string, string> = {}) => tr('en', 'processedData', key, vars);
    await page
      .getByRole('button', { name: t('dmarc.open', { id: 'example.com:1701129600', reporter: 'Google' }) })
      .click();
    const records = page.getByRole('table', { name: t('records.caption') });
    await records.waitFor({ timeout: 15_000 });
    const text = await records.innerText();
    expect(text).toContain('1.2.3.4');
    expect(text).toContain('example.com (selector google): pass');
    await page.getByRole('button', { name: t('download.original') }).waitFor();
    await screenshot(page, 'processed-data-en-detail');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each<Lang>(['en', 'pt'])('lists the reports, TLS and failure reports in %s, axe clean', async (lang) => {
    const t = (key: string) => tr(lang, 'processedData', key);
    await choosePreference(page, '#language-switch', lang);
    await choosePreference(page, '#theme-switch', lang === 'en' ? 'primaryTheme' : 'carrierTheme');
    await page.goto(dmarcPath);
    await waitForHeading(page, tr(lang, 'menu', 'pages.dmarcReports'));
    await page.getByRole('table', { name: t('dmarc.caption') }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/msas/processed_data/tls_reports?${period}`);
    await waitForHeading(page, tr(lang, 'menu', 'pages.tlsReports'));
    const tls = page.getByRole('table', { name: t('tls.caption') });
    await tls.waitFor({ timeout: 15_000 });
    await expect(tls.innerText()).resolves.toContain('foo-bar.io');
    await screenshot(page, `processed-data-${lang}-tls`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/msas/processed_data/failure_reports?${period}`);
    await waitForHeading(page, tr(lang, 'menu', 'pages.failureReports'));
    await page.getByText(t('failure.empty')).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([
    ['pt', 'carrierTheme', 390, 844],
    ['en', 'primaryTheme', 1440, 900],
  ] as const)(
    'in %s with %s at %i px the file field speaks the page language; two toasts leave header and actions free',
    async (lang, theme, width, height) => {
      const t = (key: string, vars: Record<string, string> = {}) => tr(lang, 'processedData', key, vars);
      const c = (key: string, vars: Record<string, string> = {}) => tr(lang, 'components', key, vars);
      await page.setViewportSize({ width, height });
      await choosePreference(page, '#language-switch', lang);
      await choosePreference(page, '#theme-switch', theme);
      await page.goto(dmarcPath);
      await waitForHeading(page, tr(lang, 'menu', 'pages.dmarcReports'));
      await page.getByRole('button', { name: t('upload.action') }).click();
      const dialog = page.getByRole('dialog', { name: t('upload.title') });
      const choose = dialog.getByRole('button', {
        name: `${t('upload.field')} ${c('components.fileField.choose_other')}`,
      });
      await expect(choose.textContent()).resolves.toBe(c('components.fileField.choose_other'));
      await dialog.getByText(c('components.fileField.none_other')).waitFor();
      // A report of test.net, which the organization has not added: the dialog offers to add it.
      await dialog
        .locator('input')
        .and(dialog.getByLabel(t('upload.field')))
        .setInputFiles(path.join(samples, 'dmarc-report-converter/pkg/dmarc/testdata/test.xml'));
      await dialog.getByText('test.xml', { exact: true }).first().waitFor();
      await dialog.getByRole('button', { name: t('upload.send_one', { count: '1' }) }).click();
      await dialog.locator('[data-status="rejected"]').waitFor({ timeout: 20_000 });
      // Adding it fails twice, a burst window apart: two toasts over the open dialog.
      await page.route('**/api/dm/domains/create/', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Try later."}' }),
      );
      const add = dialog.getByRole('button', { name: t('upload.addDomains.action_one') });
      await add.click();
      await page.waitForTimeout(2_100); // showMessage's burst window (2 s) would fold them into one
      await add.click();
      await holdToasts(page, 2);
      const footer = dialog.getByRole('button', { name: t('upload.close') });
      await screenshot(page, `upload-toasts-${lang}-${width}`, { fullPage: false });
      expect(await coveredByToasts(page, [footer, add])).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await releaseToasts(page);
      await page.unroute('**/api/dm/domains/create/');
      await footer.click();
    },
  );
});
