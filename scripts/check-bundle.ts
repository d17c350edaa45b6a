// npm run check:bundle — after `vite build`, the JS the /login route loads must stay under the budget.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginBundle, missingModules } from './lib/bundleGraph';

export const budgetBytes = 250 * 1000; // 250 kB gzipped

// The lazy page the /login route renders; its chunk and static imports load with the route.
export const loginRouteModules = ['src/features/auth/pages/LoginPage.tsx'];

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function main() {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`check:bundle: ${dist}/index.html not found; run npm run build first`);
    process.exit(1);
  }
  for (const m of missingModules(dist, loginRouteModules)) {
    console.error(`check:bundle: ${m} is not in the build manifest; update loginRouteModules`);
    process.exit(1);
  }
  const report = loginBundle(dist, loginRouteModules);
  for (const f of report.files) console.log(`  ${f.file}  ${kb(f.bytes)} raw, ${kb(f.gzipBytes)} gzip`);
  const verdict = report.gzipBytes <= budgetBytes ? 'ok' : 'OVER BUDGET';
  console.log(
    `check:bundle: login route JS ${kb(report.gzipBytes)} gzipped (${kb(report.bytes)} raw, ` +
      `${report.files.length} files), budget ${kb(budgetBytes)}: ${verdict}`,
  );
  if (report.gzipBytes > budgetBytes) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
