import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/app/router/routes';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// Issue 21, layout: with the demo data loaded, in Portuguese (the longer language) and the carrier theme,
// no menu page scrolls sideways on a 390 px phone (wide tables scroll inside their own box), and at 1440 px
// the Overview's first card keeps its whole table (the failed-% column) inside its border.
// One server, one browser, one page; screenshots in /tmp/shots-layout/.

const shotsDir = '/tmp/shots-layout';
const menuRoutes = appRoutes.filter((r) => r.inMenu && !r.hidden && r.enabled);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function shot(name: string) {
  await page.screenshot({ path: `${shotsDir}/${name.replace(/[^\w.-]+/g, '_')}.png`, fullPage: true });
}

/** Opens a page and waits until its heading shows and its data requests have settled. */
async function visit(path: string, titleKey: string) {
  await page.goto(path);
  await waitForHeading(page, tr('pt', 'menu', titleKey));
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
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
  it('no menu page scrolls sideways at 390 px', async () => {
    const offenders: string[] = [];
    for (const route of menuRoutes) {
      await visit(route.path, route.titleKey);
      await shot(`390${route.path}`);
      const wide = await page.evaluate(() => {
        const width = window.innerWidth;
        if (document.documentElement.scrollWidth <= width) return null;
        // Name the outermost elements reaching past the screen, for the failure message.
        const clipped = (el: Element) => {
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
            if (getComputedStyle(a).overflowX !== 'visible') return true;
          return false;
        };
        const past = [...document.querySelectorAll('body *')].filter(
          (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
        );
        const outermost = past.filter((el) => !past.some((o) => o !== el && o.contains(el)));
        const name = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`;
        return `${document.documentElement.scrollWidth}px: ${outermost.slice(0, 4).map(name).join(', ')}`;
      });
      if (wide) offenders.push(`${route.path} ${wide}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the Overview at 1440 px keeps the first card’s table inside its border', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(menuRoutes[0].path, menuRoutes[0].titleKey);
    const card = page.locator('figure').first();
    await card.locator('table').waitFor();
    await shot('1440-overview');
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
