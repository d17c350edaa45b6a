import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { tr, type Lang } from './locales';

export const homePath = '/msas/analytics/overview';

export const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('tokenAuth'),
    refresh: localStorage.getItem('refreshToken'),
  }));

// Waits for the page's single h1 to read `text` (lazy routes and the loading overlay come first).
// On failure the error tells what the page showed instead, and a screenshot lands in tests/.artifacts/.
export async function waitForHeading(page: Page, text: string, timeout = 20_000) {
  try {
    await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout });
  } catch (e) {
    const url = page.url();
    const headings = await page
      .locator('h1')
      .allInnerTexts()
      .catch(() => []);
    const body = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    await screenshot(page, `failure-${new URL(url).pathname}-${text}`).catch(() => undefined);
    throw new Error(
      `no h1 "${text}" at ${url} within ${timeout} ms; h1s: ${JSON.stringify(headings)}; body: ${body}`,
      { cause: e },
    );
  }
}

export async function fillLogin(page: Page, username: string, password: string) {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

// Logs in through the login form and waits for the app's home page.
export async function loginViaUi(page: Page, username: string, password: string, lang: Lang = 'en') {
  await page.goto('/login');
  await waitForHeading(page, tr(lang, 'auth', 'login.title'));
  await fillLogin(page, username, password);
  await page.waitForURL((url) => url.pathname === homePath, { timeout: 20_000 });
  await waitForHeading(page, tr(lang, 'menu', 'pages.overview'));
}

// Picks a language or theme through its switch and waits until the user's setting is saved: the next
// page load applies the saved setting, so navigating before the save would silently undo the choice.
export async function choosePreference(
  page: Page,
  selector: '#language-switch' | '#theme-switch',
  value: string,
) {
  const select = page.locator(selector);
  if ((await select.inputValue()) === value) return;
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/settings/') && r.ok(),
  );
  await select.selectOption(value);
  await saved;
}

// Logs in, then picks the language and theme through their switches so the user's stored preferences
// follow, and waits for the home page in that language. The home page first comes in whichever language
// the user last saved (an earlier test may have left Portuguese).
export async function loginWithPreferences(
  page: Page,
  username: string,
  password: string,
  lang: Lang,
  theme: string,
) {
  await page.goto('/login');
  await waitForHeading(page, tr('en', 'auth', 'login.title'));
  await fillLogin(page, username, password);
  await page.waitForURL((url) => url.pathname === homePath, { timeout: 20_000 });
  const home = (['en', 'pt'] as const).map((l) => tr(l, 'menu', 'pages.overview'));
  await page
    .getByRole('heading', { level: 1, name: new RegExp(`^(${home.join('|')})$`) })
    .waitFor({ timeout: 20_000 });
  await choosePreference(page, '#language-switch', lang);
  await choosePreference(page, '#theme-switch', theme);
  await waitForHeading(page, tr(lang, 'menu', 'pages.overview'));
}
