import type { Locator, Page } from 'playwright-core';

const toasts = (page: Page) => page.locator('.Toastify__toast[role="alert"]');

/** Waits until `count` toasts show, then holds them (as when the window loses focus) for a screenshot. */
export async function holdToasts(page: Page, count: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('.Toastify__toast[role="alert"]').length === n,
    count,
    { timeout: 20_000 },
  );
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  // react-toastify slides a toast in: measure where it ends up, not where it starts.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.Toastify__toast')].every((t) =>
      t.getAnimations().every((a) => a.playState === 'finished'),
    ),
  );
}

/** Lets held toasts run out again and closes them. */
export async function releaseToasts(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  while ((await toasts(page).count()) > 0) await toasts(page).first().getByRole('button').click();
  await page.waitForFunction(() => document.querySelectorAll('.Toastify__toast[role="alert"]').length === 0);
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Names of what the showing toasts cover: the header, or any of `actions` (by their text). */
export async function coveredByToasts(page: Page, actions: Locator[]): Promise<string[]> {
  const boxes = (await Promise.all((await toasts(page).all()).map((t) => t.boundingBox()))).filter(
    (b): b is Box => b !== null,
  );
  const named: [string, Locator][] = [['header', page.locator('header').first()]];
  for (const action of actions) named.push([(await action.innerText()).trim(), action]);
  const covered: string[] = [];
  for (const [name, target] of named) {
    const box = await target.boundingBox();
    if (box && boxes.some((t) => overlap(t, box))) covered.push(name);
  }
  return covered;
}
