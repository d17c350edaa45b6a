import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// The first hour in Chromium on a fresh data directory: the owner logs in and finds "get
// started" on the overview; adds a domain and copies its DMARC record (the organization's own rua address);
// uploads a report for a domain not added yet, adds it from the upload's result, and the overview shows
// data. Then in Portuguese with the carrier theme at 390 px. Screenshots at 1440 and 390 px (tests/.artifacts).

const samples = path.resolve(repoRoot, '..', 'shared', 'samples', 'dmarc');
const day = 86_400;
const begin = Math.floor(Date.now() / 1000 / day) * day - 3 * day;
/** A sample moved to three days ago, inside the overview's default seven days. */
const recent = (rel: string) =>
  readFileSync(path.join(samples, rel), 'utf8')
    .replace(/<begin>\s*\d+\s*<\/begin>/, `<begin>${begin}</begin>`)
    .replace(/<end>\s*\d+\s*<\/end>/, `<end>${begin + day - 1}</end>`);
const google =
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml';
const converter = 'dmarc-report-converter/pkg/dmarc/testdata/test.xml';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(lang: Lang, theme: string, width: number) {
  const opened = await newPage(browser, server.url, { width, height: 900 });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithPreferences(opened.page, server.adminEmail, server.adminPassword, lang, theme);
  return opened;
}

/** Both widths; `fits`: the page must not scroll sideways at 390 px (the new user's pages). */
async function shots(page: Page, name: string, fits = true) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (fits) expect(scrolls).toBe(false);
    await screenshot(page, `${name}-${width}`);
  }
}

/** Uploads one file through the dialog of `within`, adds its refused domain, and waits for the import. */
async function uploadAndAdd(page: Page, lang: Lang, name: string, xml: string) {
  const p = (key: string, vars: Record<string, string> = {}) => tr(lang, 'processedData', key, vars);
  await page
    .getByRole('button', { name: p('upload.action') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: p('upload.title') });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await dialog.getByRole('button', { name: p('upload.send_one', { count: '1' }) }).click();
  const row = dialog.locator(`[data-file="${name}"]`);
  await row.locator('[data-status="rejected"]').waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: p('upload.addDomains.action_one') }).click();
  await row.locator('[data-status="imported"]').waitFor({ timeout: 60_000 });
  await expect(dialog.getByTestId('upload-totals').innerText()).resolves.toContain(
    p('upload.totals.imported_one', { count: '1' }),
  );
  return dialog;
}

describe('the first hour', { timeout: 180_000 }, () => {
  let en: { context: BrowserContext; page: Page };
  let pt: { context: BrowserContext; page: Page };
  const g = (lang: Lang, key: string, vars: Record<string, string> = {}) =>
    tr(lang, 'gettingStarted', key, vars);

  afterAll(async () => {
    await en?.context.close();
    await pt?.context.close();
  });

  it('an empty organization gets started: add a domain, copy its DMARC record', async () => {
    en = await open('en', 'primaryTheme', 1440);
    const { page } = en;
    const start = page.getByTestId('get-started');
    await start.getByRole('heading', { name: g('en', 'title') }).waitFor({ timeout: 20_000 });
    await start.getByLabel(tr('en', 'domains', 'create.name')).fill('example.org');
    await start.getByRole('button', { name: tr('en', 'domains', 'create.submit') }).click();
    const record = start.getByRole('region', { name: g('en', 'record.of', { name: 'example.org' }) });
    const value = record.getByTestId('dmarc-record');
    await value.waitFor({ timeout: 20_000 });
    const text = await value.innerText();
    expect(text).toMatch(/^v=DMARC1; p=none; rua=mailto:[^@\s]+@\S+$/);
    await record
      .getByRole('button', {
        name: tr('en', 'components', 'components.copy.labelOf', {
          what: g('en', 'record.copyOf', { name: 'example.org' }),
        }),
      })
      .click();
    await record.getByText(tr('en', 'components', 'components.copy.done')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await shots(page, 'first-hour-get-started-en');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('in Portuguese with the carrier theme, the same path reads in Portuguese', async () => {
    pt = await open('pt', 'carrierTheme', 390);
    const start = pt.page.getByTestId('get-started');
    await start.getByRole('heading', { name: g('pt', 'title') }).waitFor({ timeout: 20_000 });
    await start.getByRole('heading', { name: g('pt', 'record.title') }).waitFor();
    await expect(start.getByTestId('dmarc-record').innerText()).resolves.toMatch(
      /^v=DMARC1; p=none; rua=mailto:/,
    );
    await shots(pt.page, 'first-hour-get-started-pt-carrier');
  });

  it('a report for a domain not added yet is added from the upload result, and the overview shows it', async () => {
    const { page } = en;
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await uploadAndAdd(page, 'en', 'google.xml', recent(google));
    await expect(dialog.locator('[data-file="google.xml"]').innerText()).resolves.toContain(
      tr('en', 'processedData', 'upload.retention.keptUntil_other', { count: '30', date: '' }).split(' (')[0],
    );
    await shots(page, 'first-hour-upload-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(tr('en', 'analytics', 'overview.passFail'))
      .first()
      .waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('get-started').count()).resolves.toBe(0);
    await shots(page, 'first-hour-overview-en', false);
  });

  it('in Portuguese, a second domain is added from the upload and the overview shows data', async () => {
    const { page } = pt;
    await page.goto('/msas/processed_data/dmarc_reports');
    await waitForHeading(page, tr('pt', 'menu', 'pages.dmarcReports'));
    const dialog = await uploadAndAdd(page, 'pt', 'test.xml', recent(converter));
    await expect(dialog.innerText()).resolves.toContain(
      tr('pt', 'processedData', 'upload.imported_other', {
        kind: tr('pt', 'processedData', 'kinds.aggregate'),
        domain: 'test.net',
        count: '2',
      }),
    );
    await shots(page, 'first-hour-upload-pt-carrier');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/msas/analytics/overview');
    await waitForHeading(page, tr('pt', 'menu', 'pages.overview'));
    await page
      .getByText(tr('pt', 'analytics', 'overview.passFail'))
      .first()
      .waitFor({ timeout: 20_000 });
    await shots(page, 'first-hour-overview-pt-carrier', false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
