import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt, msasBin, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { seededDataDir } from '../support/pglite-template';
import { startServer, type RunningServer } from '../support/server';
import { choosePreference, loginViaUi, waitForHeading } from '../support/ui';

// Administration in Chromium: support creates an organization with its owner; the owner adds a
// domain (and meets the validation message), renames it, creates a member and limits the member to that
// domain.

const support = { email: 'support@admin.test', password: 'Support-pass-2026!' };
const ownerPassword = 'Owner-harbour-2026!';
const memberPassword = 'Member-lantern-2026!';
let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  // The support account exists before the server starts: PGlite allows one process per data dir.
  dataDir = seededDataDir('msas-e2e-admin-');
  const created = spawnSync(
    process.execPath,
    [msasBin, 'create-user', '--email', support.email, '--password', support.password, '--role', 'support'],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-user failed: ${created.stderr}${created.stdout}`);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openTab(page: Page, lang: Lang, tab: string) {
  await page.goto('/msas/settings/account');
  await waitForHeading(page, tr(lang, 'menu', 'pages.account'));
  await page.getByRole('tab', { name: tr(lang, 'settings', `tabs.${tab}`) }).click();
}

async function logIn(page: Page, lang: Lang, username: string, password: string) {
  await loginViaUi(page, username, password, 'en');
  await choosePreference(page, '#language-switch', lang);
  await choosePreference(page, '#theme-switch', 'primaryTheme');
}

// Axe and a screenshot in each theme; the page is left in the primary theme.
async function checkBothThemes(page: Page, name: string) {
  for (const theme of ['carrierTheme', 'primaryTheme'] as const) {
    await choosePreference(page, '#theme-switch', theme);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${theme}`);
  }
}

// Every toast on screen, against the header's box.
async function expectToastClearOfHeader(page: Page, shot: string) {
  const header = (await page.getByRole('banner').boundingBox())!;
  const toasts = await page.locator('.Toastify__toast').all();
  expect(toasts.length).toBeGreaterThan(0);
  for (const toast of toasts) {
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < header.x + header.width &&
      header.x < box.x + box.width &&
      box.y < header.y + header.height &&
      header.y < box.y + box.height;
    expect({ box, header, overlaps }).toMatchObject({ overlaps: false });
  }
  await screenshot(page, shot);
}

const apiGet = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('tokenAuth')}` } });
    return (await res.json()) as { data: { attributes: { name: string } }[] };
  }, url);

describe.each(['en', 'pt'] as const)('administration in %s', (lang) => {
  const o = (key: string, vars?: Record<string, string>) => tr(lang, 'organizations', key, vars);
  const u = (key: string, vars?: Record<string, string>) => tr(lang, 'users', key, vars);
  const orgName = `Acme ${lang.toUpperCase()}`;
  const owner = { username: `owner-${lang}`, email: `owner-${lang}@acme.test` };
  const member = { username: `member-${lang}`, email: `member-${lang}@acme.test` };
  const domain = `acme-${lang}-admin.com`;

  it('support creates an organization with its owner and finds it', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await logIn(page, lang, support.email, support.password);
      await openTab(page, lang, 'organizations');
      await page.getByLabel(o('create.name')).fill(orgName);
      await page.getByLabel(o('create.username')).fill(owner.username);
      await page.getByLabel(o('create.email')).fill(owner.email);
      await page.locator('#org-create-password').fill(ownerPassword);
      await page.getByRole('button', { name: o('create.submit') }).click();
      await page.getByText(o('messages.created')).first().waitFor();

      await page.getByLabel(o('admin.search')).fill(orgName.toLowerCase());
      await page.getByRole('button', { name: o('admin.apply') }).click();
      const details = page.getByRole('button', { name: o('admin.detailsOf', { name: orgName }) });
      await details.waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and the one match
      await details.click();
      await page.getByRole('dialog').getByText(o('domains.empty')).waitFor();
      await checkBothThemes(page, `administration-${lang}-support-organization`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('the owner adds a domain and limits a member to it', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await logIn(page, lang, owner.username, ownerPassword);
      // Domains are managed in one place, Account → Domains (the Organization tab links there).
      await openTab(page, lang, 'domains');
      const dm = (key: string, vars: Record<string, string> = {}) => tr(lang, 'domains', key, vars);
      const name = page.getByLabel(dm('create.name'), { exact: true });
      await name.fill('not a domain');
      await page.getByRole('button', { name: dm('create.submit'), exact: true }).click();
      // The server's validation message, in the toast and under the field.
      await page.getByText('Enter a valid domain name.').first().waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      const draft = `draft-${domain}`;
      await name.fill(draft);
      await page.getByRole('button', { name: dm('create.submit'), exact: true }).click();
      await page.getByRole('button', { name: dm('list.deleteOf', { name: draft }) }).waitFor();
      await checkBothThemes(page, `administration-${lang}-organization-domains`);

      // Rename it by keyboard in a dialog that fits a 390 px phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: dm('list.renameOf', { name: draft }) }).focus();
      await page.keyboard.press('Enter');
      const renaming = page.getByRole('dialog', { name: dm('rename.title', { name: draft }) });
      const newName = renaming.getByLabel(dm('rename.name'), { exact: true });
      expect(await newName.inputValue()).toBe(draft);
      const box = await renaming.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await checkBothThemes(page, `administration-${lang}-domain-rename-390`);
      await newName.fill(domain);
      await newName.press('Enter');
      await page.getByText(o('messages.domain_rename')).first().waitFor();
      await renaming.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: dm('list.deleteOf', { name: domain }) }).waitFor();
      expect(await page.getByRole('cell', { name: draft, exact: true }).count()).toBe(0);
      // On a phone the toast comes up from the bottom: the header and its menu button stay uncovered.
      await expectToastClearOfHeader(page, `administration-${lang}-toast-390-primaryTheme`);
      await choosePreference(page, '#theme-switch', 'carrierTheme');
      await name.fill('not a domain');
      await name.press('Enter');
      await page.getByText('Enter a valid domain name.').first().waitFor();
      await expectToastClearOfHeader(page, `administration-${lang}-toast-390-carrierTheme`);
      await choosePreference(page, '#theme-switch', 'primaryTheme');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('tab', { name: tr(lang, 'settings', 'tabs.users') }).click();
      await page.getByLabel(u('create.username'), { exact: true }).fill(member.username);
      await page.getByLabel(u('create.email'), { exact: true }).fill(member.email);
      await page.locator('#user-password').fill(memberPassword);
      await page.getByRole('button', { name: u('create.submit') }).click();
      const open = page.getByRole('button', { name: u('domains.openOf', { name: member.username }) });
      await open.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(u('domains.hint', { name: member.username })).waitFor();
      const select = dialog.getByLabel(u('domains.label'), { exact: true });
      await select.fill(domain);
      // The options load from the server: Enter before they arrive selects nothing.
      await dialog.getByRole('option', { name: domain, exact: true }).waitFor();
      await select.press('Enter');
      await dialog.getByRole('button', { name: u('domains.save') }).click();
      await page.getByText(u('messages.domainsUpdated')).first().waitFor();
      await checkBothThemes(page, `administration-${lang}-user-domains`);

      const users = await page.evaluate(async () => {
        const res = await fetch('/api/ph/users/?search=member&page=1', {
          headers: { Authorization: `Bearer ${localStorage.getItem('tokenAuth')}` },
        });
        return (await res.json()) as { data: { id: number; attributes: { username: string } }[] };
      });
      const id = users.data.find((x) => x.attributes.username === member.username)?.id;
      const assigned = await apiGet(page, `/api/ph/users/${id}/domains/`);
      expect(assigned.data.map((d) => d.attributes.name)).toEqual([domain]);
    } finally {
      await context.close();
    }
  });
});
