import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences } from '../support/ui';

// With no report domain set the organization's address is <random>@localhost, which mail from the
// internet never reaches; wherever the console shows it (the first page, a domain's records, the
// organization's settings) the warning says so, in both languages and themes, at 1440 and 390 px. Each
// language in one theme: English dark and Portuguese light, the pairs pages.test.ts leaves out.

let server: RunningServer;
let browser: Browser;
const domain = 'warned.example.org';

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme' }[] = [
  { lang: 'en', theme: 'carrierTheme' },
  { lang: 'pt', theme: 'primaryTheme' },
];

/** What sticks out past the right edge of the screen (outside any box that scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    // Toasts slide in from the right edge and go: not part of the page.
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el) && !el.closest('.Toastify'),
    );
    const outermost = past.filter((el) => !past.some((o) => o !== el && o.contains(el)));
    return outermost.slice(0, 4).map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`);
  });

/**
 * The warning is beside the address (same region) and says why and what to do; at 1440 and 390 px it is
 * no wider than the screen and widens nothing (the page sticks out exactly as much with it hidden). `fits`:
 * the page itself must not scroll sideways (the members and domains tables of the settings do at 390 px,
 * with or without it).
 */
async function warned(page: Page, region: Locator, lang: Lang, name: string, fits = true) {
  const title = tr(lang, 'components', 'components.reportAddressWarning.title');
  const note = region.getByRole('note', { name: title });
  await note.waitFor({ timeout: 20_000 });
  await expect(region.innerText()).resolves.toMatch(/[0-9a-f]{20}@localhost/);
  await expect(note.innerText()).resolves.toContain(
    tr(lang, 'components', 'components.reportAddressWarning.body'),
  );
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, `report-address-warning-${name}-${width}`, { fullPage: false });
    expect((await note.boundingBox())!.width).toBeLessThanOrEqual(width);
    const wide = await overflow(page);
    // By its handle: once hidden, it is no longer found by its role.
    const handle = (await note.elementHandle())!;
    await handle.evaluate((n: HTMLElement) => (n.style.display = 'none'));
    const without = await overflow(page);
    await handle.evaluate((n: HTMLElement) => (n.style.display = ''));
    expect(wide).toEqual(without);
    if (fits) expect(wide).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.each(passes)(
  'the report address warning in $lang with $theme',
  { timeout: 180_000 },
  ({ lang, theme }) => {
    let context: BrowserContext;
    let page: Page;
    const tag = `${lang}-${theme === 'primaryTheme' ? 'light' : 'dark'}`;

    beforeAll(async () => {
      ({ context, page } = await newPage(browser, server.url, { width: 1440, height: 900 }));
      await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('on the first page, beside the DMARC record to publish', async () => {
      const start = page.getByTestId('get-started');
      await start
        .getByRole('heading', { name: tr(lang, 'gettingStarted', 'title') })
        .waitFor({ timeout: 20_000 });
      if ((await start.getByTestId('dmarc-record').count()) === 0) {
        await start.getByLabel(tr(lang, 'domains', 'create.name')).fill(domain);
        await start.getByRole('button', { name: tr(lang, 'domains', 'create.submit') }).click();
        await start.getByTestId('dmarc-record').waitFor({ timeout: 20_000 });
      }
      await warned(page, start, lang, `get-started-${tag}`);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it("in the domain's records and the organization's settings", async () => {
      await page.goto('/msas/settings/account#domains');
      const show = page.getByRole('button', {
        name: tr(lang, 'domains', 'verify.showRecordsOf', { name: domain }),
      });
      await show.waitFor({ timeout: 20_000 });
      await show.click();
      const records = page.getByRole('region', { name: tr(lang, 'domains', 'verify.dmarcTitle') });
      await warned(page, records, lang, `domain-records-${tag}`, false);

      await page.goto('/msas/settings/account#organization');
      const section = page.getByRole('region', { name: tr(lang, 'organizations', 'detail.reportAddress') });
      await warned(page, section, lang, `organization-${tag}`, false);
      // No records of a report domain to publish while there is none.
      expect(await page.getByTestId('report-domain-records').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);
