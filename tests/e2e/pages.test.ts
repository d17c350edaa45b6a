import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/app/router/routes';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

let server: RunningServer;
let browser: Browser;

const visibleRoutes = appRoutes.filter((r) => !r.hidden);

// Each language is checked in one theme, so every page is audited in both languages and both themes.
const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme' }[] = [
  { lang: 'en', theme: 'primaryTheme' },
  { lang: 'pt', theme: 'carrierTheme' },
];

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(passes)('every page in $lang with $theme', ({ lang, theme }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each(visibleRoutes.map((r) => [r.path, r] as const))(
    '%s renders its title, no serious axe violations',
    async (_, route) => {
      await page.goto(route.path);
      await waitForHeading(page, tr(lang, 'menu', route.titleKey));
      expect(new URL(page.url()).pathname).toBe(route.path);
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${lang}`));
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await screenshot(page, `${lang}-${theme}${route.path}`);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each([
    ['/contact_us', 'contact', 'form.title'],
    ['/404', 'pages', 'notFound.title'],
    ['/msas/no_such_page', 'pages', 'notFound.title'],
  ])('%s renders its title, no serious axe violations', async (path, ns, key) => {
    await page.goto(path);
    await waitForHeading(page, tr(lang, ns, key));
    await screenshot(page, `${lang}-${theme}${path}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// A phone's width (390 px) is checked once per page, with the demo data, in layout-390.test.ts.

// The public entry page in all four language/theme combinations.
const allCombinations = (['en', 'pt'] as const).flatMap((lang) =>
  (['primaryTheme', 'carrierTheme'] as const).map((theme) => ({ lang, theme })),
);

describe('the login page', () => {
  it.each(allCombinations)('has no serious axe violations in $lang with $theme', async ({ lang, theme }) => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.addInitScript(
        ([l, t]) => {
          localStorage.setItem('language', l);
          localStorage.setItem('layoutTheme', t);
        },
        [lang, theme],
      );
      await page.goto('/login');
      await waitForHeading(page, tr(lang, 'auth', 'login.title'));
      await screenshot(page, `${lang}-${theme}-login`);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
