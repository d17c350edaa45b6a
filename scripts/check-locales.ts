// npm run check:locales — locale files agree across languages, and no visible JSX text bypasses t().
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from './lib/files';
import { findJsxLiterals } from './lib/jsxLiterals';
import { checkLocaleKeys } from './lib/localeKeys';
import { formatProblem, type Problem } from './lib/problems';

const isComponentSource = (name: string) => name.endsWith('.tsx') && !/\.test\.tsx$/.test(name);

export function checkLocales(root: string): Problem[] {
  const problems = checkLocaleKeys(path.join(root, 'locales'));
  const sources = listFiles(path.join(root, 'src'), isComponentSource).filter(
    (f) => !f.split(path.sep).includes('test'),
  );
  for (const file of sources) problems.push(...findJsxLiterals(file));
  return problems.map((p) => ({ ...p, file: path.relative(root, p.file) }));
}

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkLocales(root);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length > 0) {
    console.error(`check:locales: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('check:locales: ok');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
