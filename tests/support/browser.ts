import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build';

export const artifactsDir = path.join(repoRoot, 'tests', '.artifacts');

// recipes.md: without the background-networking flags Chromium keeps trying to reach hosts this
// machine cannot reach. playwright-core gives every launch a new temporary --user-data-dir.
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });
}

// A context with its own storage (localStorage, cookies), so every test starts logged out.
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}

/** The whole page, or with `fullPage: false` the screen as the user sees it (fixed toasts and dialogs stay put). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({
    path: path.join(artifactsDir, `${name.replace(/[^\w.-]+/g, '_')}.png`),
    fullPage,
  });
}
