import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './build';

const axePath = path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js');
let axeSource: string | undefined;

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

// Serious and critical axe-core violations on the current page, one readable line each (empty = pass).
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the app's CSP (script-src 'self') rightly does not allow
  // for an injected <script> tag; the page's own policy stays in force for everything else.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate((axeSource ??= readFileSync(axePath, 'utf8')));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ` +
        v.nodes
          .slice(0, 5)
          .map((n) => JSON.stringify(n.target))
          .join(', '),
    );
}
