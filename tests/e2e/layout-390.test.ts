import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/app/router/routes';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// The phone check, one visit per page: with the demo data loaded, in Portuguese (the longer language) and
// the carrier theme, every page (the menu's and the others not hidden) shows its title on a 390 px screen
// and nothing on it reaches past the screen: the page never scrolls sideways, wide tables scroll inside
// their own box. At 1440 px the Overview's first card keeps its whole table (the failed-% column) inside its
// border. pages.test.ts checks every page at desktop width in both languages and themes.
// One server, one browser, one page; screenshots in tests/.artifacts/ (390-pt<path>, 1440-overview).

const routes = appRoutes.filter((r) => !r.hidden);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Opens a page and waits until its heading shows and its data requests have settled. */
async function visit(path: string, titleKey: string) {
  await page.goto(path);
  await waitForHeading(page, tr('pt', 'menu', titleKey));
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const demo = await fetch(`${server.url}/api/dm/demo-data/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
  });
  if (demo.status !== 201) throw new Error(`demo data: ${demo.status} ${await demo.text()}`);
  ({ context, page } = await newPage(browser, server.url, { width: 390, height: 844 }));
  await loginWithPreferences(page, server.adminEmail, server.adminPassword, 'pt', 'carrierTheme');
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('layout in Portuguese with the carrier theme', { timeout: 120_000 }, () => {
  it.each(routes.map((r) => [r.path, r] as const))('%s fits a 390 px screen', async (_, route) => {
    await visit(route.path, route.titleKey);
    expect(new URL(page.url()).pathname).toBe(route.path);
    await screenshot(page, `390-pt${route.path}`);
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // An element inside a box that clips or scrolls sideways does not widen the page.
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return true;
        return false;
      };
      const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
      );
      // Name the outermost ones, for the failure message.
      const outermost = past.filter((el) => !past.some((o) => o !== el && o.contains(el)));
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`;
      return {
        scroll: Math.max(0, document.documentElement.scrollWidth - width),
        wide: outermost.slice(0, 4).map(name),
      };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });
  });

  it('the Overview at 1440 px keeps the first card’s table inside its border', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const overview = routes.find((r) => r.inMenu && r.enabled)!;
    await visit(overview.path, overview.titleKey);
    const card = page.locator('figure').first();
    await card.locator('table').waitFor();
    await screenshot(page, '1440-overview');
    const fit = await card.evaluate((figure) => {
      const table = figure.querySelector('table')!;
      const box = table.parentElement!;
      const inner = figure.getBoundingClientRect().right - parseFloat(getComputedStyle(figure).paddingRight);
      return {
        clipped: box.scrollWidth > box.clientWidth,
        pastBorder: table.getBoundingClientRect().right > inner + 0.5,
        columns: [...table.querySelectorAll('thead th')].filter(
          (th) => th.getBoundingClientRect().right > inner + 0.5,
        ).length,
      };
    });
    expect(fit).toEqual({ clipped: false, pastBorder: false, columns: 0 });
  });
});
