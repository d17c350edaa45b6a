import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The SPA seams of eslint.config.js (docs/ARCHITECTURE.md): `npm run lint` fails on a deep import of another
// feature, and passes the same import made through the feature's index.ts.
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function seamErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the config and its plugins takes seconds on a busy machine.
describe('SPA seams', { timeout: 60_000 }, () => {
  it.each([
    ['src/features/alerts/useProbe.ts', "import { selectFilter } from '../filter/filterSlice';"],
    ['src/features/alerts/components/Probe.tsx', "import { selectFilter } from '../../filter/filterSlice';"],
    [
      'src/features/verifyTools/domainVerify/parts/Probe.tsx',
      "import { x } from '../../../processedData/x';",
    ],
    ['src/features/dns/components/Probe.tsx', "import { x } from '../../../features/domains/domainsApi';"],
  ])('refuses a deep import of another feature in %s', async (file, code) => {
    expect(await seamErrors(file, `${code}\nexport const used = 1;\n`)).toEqual([
      expect.stringContaining("Another feature's internals"),
    ]);
  });

  it("lets a feature import another's index, its own modules, src/components and src/app", async () => {
    const code = [
      "import { selectFilter } from '../../filter';",
      "import { AlertsTable } from './AlertsTable';",
      "import { formatRule } from '../format';",
      "import { Table } from '../../../components/Table';",
      "import { routePath } from '../../../app/router/routes';",
    ].join('\n');
    expect(await seamErrors('src/features/alerts/components/Probe.tsx', code)).toEqual([]);
  });

  it('keeps src/components below the features', async () => {
    const code = "import { selectFilter } from '../features/filter';";
    expect(await seamErrors('src/components/Probe.tsx', code)).toEqual([
      expect.stringContaining('src/components sits below the features'),
    ]);
  });
});
