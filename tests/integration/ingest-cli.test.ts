import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectations, samplesDir } from '../fixtures/dmarc/sample-expectations';
import { msasBin } from '../support/build';
import { listFiles } from './ingest-helpers';

// `npm run msas -- import <files or folders...> --json`: one JSON line per input file with exactly the keys
// of docs/INGESTION.md, exit code 0 when files are merely rejected. Runs the real CLI on the embedded database.

const root = process.cwd();
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
  'retention',
];

function importCli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [msasBin, 'import', ...args], {
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

  it('gives each file of a folder its own line, in name order: imported, duplicate and rejected', () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-import-folder-'));
    try {
      const folder = path.join(own, 'reports');
      fs.mkdirSync(folder);
      // Names sort in the order below; the .gz holds the same report as the .xml before it.
      const copies: [string, string][] = [
        ['1-test.xml', 'dmarc-report-converter/pkg/dmarc/testdata/test.xml'],
        ['2-test.xml.gz', 'dmarc-report-converter/pkg/dmarc/testdata/test.xml.gz'],
        ['3-abuse.eml', 'mail-auth/resources/arf/001.eml'],
        ['4-microsoft.json', 'dmarc-report-viewer/testdata/smtp-tls-reports/microsoft.json'],
        ['5-amazon.eml', 'mail-auth/resources/dmarc-feedback/104.eml'],
      ];
      for (const [name, sample] of copies)
        fs.copyFileSync(path.join(samplesDir, sample), path.join(folder, name));
      const dataDir = path.join(own, 'data');

      const res = importCli(['--json', folder], dataDir);
      expect(res.stderr).not.toMatch(/internal error/);
      expect(res.status).toBe(0);
      const lines = res.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => l.file)).toEqual(copies.map(([name]) => path.join(folder, name)));
      for (const line of lines) expect(Object.keys(line)).toEqual(keys);
      const test = { kind: 'aggregate', org_name: 'Test Inc.', report_id: '1.id.0', domain: 'test.net' };
      expect(lines[0]).toMatchObject({ status: 'imported', reason: null, ...test, records: 2, messages: 7 });
      expect(lines[1]).toMatchObject({ status: 'duplicate', reason: null, ...test, records: 2, messages: 7 });
      expect(lines[2]).toMatchObject({
        status: 'rejected',
        kind: null,
        reason: 'Not a DMARC failure report: the feedback report is of type "abuse", not auth-failure',
        org_name: null,
        records: 0,
        messages: 0,
      });
      expect(lines[3]).toMatchObject({ status: 'imported', kind: 'tls', domain: 'random.net', records: 2 });
      expect(lines[4]).toMatchObject({ status: 'imported', kind: 'aggregate', org_name: 'AMAZON-SES' });

      // Without --json: the same one line per file, for a person.
      const again = importCli([folder], dataDir);
      expect(again.status).toBe(0);
      expect(again.stdout.trim().split('\n')).toEqual([
        `duplicate ${path.join(folder, '1-test.xml')}: aggregate report 1.id.0 from Test Inc. for test.net (2 records, 7 messages)`,
        `duplicate ${path.join(folder, '2-test.xml.gz')}: aggregate report 1.id.0 from Test Inc. for test.net (2 records, 7 messages)`,
        `rejected  ${path.join(folder, '3-abuse.eml')}: ${lines[2].reason}`,
        expect.stringMatching(
          /^duplicate .*4-microsoft\.json: tls report .* for random\.net \(2 records, 4 messages\)$/,
        ),
        expect.stringMatching(
          /^duplicate .*5-amazon\.eml: aggregate report .* from AMAZON-SES for stalw\.art /,
        ),
      ]);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  }, 150_000);
});
