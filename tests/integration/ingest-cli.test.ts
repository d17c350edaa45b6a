import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectations, samplesDir } from '../fixtures/dmarc/sample-expectations';
import { listFiles } from './ingest-helpers';

// `npm run msas -- import <files or folders...> --json`: one JSON line per input file with exactly the keys
// of issue 3, exit code 0 when files are merely rejected. Runs the real CLI on the embedded database.

const root = process.cwd();
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const keys = [
  'file',
  'status',
  'kind',
  'reason',
  'org_name',
  'report_id',
  'domain',
  'records',
  'messages',
  'warnings',
];

function importCli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [tsx, 'server/main.ts', 'import', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('msas import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-import-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints one JSON line per file of a folder and exits 0 though some files are rejected', () => {
    const res = importCli([samplesDir, '--json', path.join(dataDir, 'missing.xml')], dataDir);
    expect(res.status).toBe(0);
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const files = listFiles(samplesDir);
    expect(lines).toHaveLength(files.length + 1);
    for (const line of lines) expect(Object.keys(line)).toEqual(keys);
    expect(lines.map((l) => l.file)).toEqual([...files, path.join(dataDir, 'missing.xml')]);
    for (const line of lines.slice(0, -1)) {
      const expected = expectations[path.relative(samplesDir, String(line.file))];
      if ('reason' in expected) expect(line).toMatchObject({ status: 'rejected', reason: expected.reason });
      else expect(['imported', 'duplicate']).toContain(line.status);
    }
    expect(lines.at(-1)).toMatchObject({ status: 'rejected', reason: 'No such file or directory' });
  }, 150_000);

  it('finds every report already there the second time', () => {
    const res = importCli(['--json', samplesDir], dataDir);
    expect(res.status).toBe(0);
    const statuses = res.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { status: string }).status);
    expect(statuses.filter((s) => s === 'imported')).toEqual([]);
    expect(statuses.filter((s) => s === 'duplicate').length).toBeGreaterThan(40);
  }, 150_000);
});
