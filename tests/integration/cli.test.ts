import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUserCommand, demoUsers, seedDemo } from '../../server/cli/accounts';
import { helpText } from '../../server/main';
import { verifyPassword } from '../../server/lib/password';
import { freshBuild } from '../../bin/server-build.js';
import { msasBin } from '../support/build';
import { seededDataDir } from '../support/pglite-template';
import { openTestDatabase, type TestDatabase } from './support/db';

const root = process.cwd();

function runCli(args: string[], env: Record<string, string>, timeout = 60_000) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.DATABASE_URL;
  return spawnSync(process.execPath, [msasBin, ...args], {
    cwd: root,
    env: { ...cleanEnv, ...env },
    encoding: 'utf8',
    timeout,
  });
}

describe('msas CLI', () => {
  it('stops a start with a bad setting and names the variable', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-cli-'));
    try {
      const res = runCli(['serve'], { PORT: 'eighty', DATA_DIR: dataDir });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('Invalid setting PORT: expected a number between 1 and 65535');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs from the build the global setup made, and from the sources when asked', () => {
    // A fresh build is what bin/msas.js runs (the other tests here use it); MSAS_FROM_SOURCES=1 (or a
    // checkout without a build) runs the TypeScript through tsx, the PGlite worker thread included.
    expect(freshBuild()).not.toBeNull();
    const dataDir = seededDataDir('msas-cli-');
    try {
      const res = runCli(['migrate'], { DATA_DIR: dataDir, MSAS_FROM_SOURCES: '1' }, 110_000);
      expect(res.stderr).toBe('');
      expect(res.stdout).toContain('database is up to date');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('--help lists the commands', () => {
    const res = runCli(['--help'], {});
    expect(res.status).toBe(0);
    for (const command of ['serve', 'worker', 'migrate', 'seed --demo', 'create-user --email']) {
      expect(res.stdout).toContain(command);
    }
    expect(res.stdout).toBe(`${helpText}\n`);
  });

  it('migrate creates the embedded database and the secrets file (0600) in DATA_DIR', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-cli-'));
    try {
      const res = runCli(['migrate'], { DATA_DIR: dataDir });
      expect(res.stderr).toBe('');
      // From the build, a new DATA_DIR starts from its migrated seed (server/db/seed.ts).
      expect(res.stdout).toContain("database created from the build's migrated seed");
      const secrets = path.join(dataDir, 'secrets.json');
      expect(fs.statSync(secrets).mode & 0o777).toBe(0o600);
      const again = runCli(['migrate'], { DATA_DIR: dataDir });
      expect(again.stdout).toContain('database is up to date');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps DATA_DIR to its own account: 0700, no file readable by group or others, older modes fixed with a log line', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-cli-'));
    const dataDir = path.join(parent, 'data');
    const loose = () => {
      const out: string[] = [];
      const walk = (p: string) => {
        const st = fs.lstatSync(p);
        if (st.mode & 0o077) out.push(`${path.relative(dataDir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
        if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
      };
      walk(dataDir);
      return out;
    };
    try {
      const fresh = runCli(['migrate'], { DATA_DIR: dataDir }, 200_000);
      expect(fresh.status, fresh.stderr).toBe(0);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);
      expect(loose()).toEqual([]);
      expect(fresh.stdout).not.toContain('readable by other accounts');

      // A directory made by an older version or by hand: opened up, then fixed at the next start.
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'pglite'), 0o755);
      fs.chmodSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o644);
      fs.chmodSync(path.join(dataDir, 'secrets.json'), 0o644);
      const again = runCli(['migrate'], { DATA_DIR: dataDir }, 200_000);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain('DATA_DIR was readable by other accounts');
      expect(loose()).toEqual([]);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  }, 420_000);
});

describe('create-user and seed --demo', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('create-user makes a user in the named organization, printing a generated password', async () => {
    const lines: string[] = [];
    await createUserCommand(
      database.db,
      { email: 'ops@example.com', role: 'admin', organization: 'Ops' },
      (l) => lines.push(l),
    );
    const password = /with password (\S+) \(shown once\)/.exec(lines[0] ?? '')?.[1];
    expect(password).toBeDefined();
    const user = await database.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.role', 'users.password_hash', 'organizations.name'])
      .where('users.username', '=', 'ops@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'admin', name: 'Ops' });
    expect(await verifyPassword(user.password_hash, password!)).toBe(true);
    await expect(
      createUserCommand(database.db, { email: 'ops@example.com' }, () => undefined),
    ).rejects.toThrow('already exists');
    await expect(
      createUserCommand(database.db, { email: 'x@example.com', role: 'king' }, () => undefined),
    ).rejects.toThrow('--role');
  });

  it('seed --demo creates the Demo organization and its data once', async () => {
    const lines: string[] = [];
    // Three days of reports, not thirty: demo-data.test.ts loads the whole set.
    expect(await seedDemo(database.db, (l) => lines.push(l), 'demo-password-1', new Date(), 3)).toBe(3);
    expect(lines[1]).toMatch(
      /^msas: demo organization "Demo": 12 domains in 4 groups, \d+ reports \(\d+ records\) of the last 3 days and their checks/,
    );
    expect(await seedDemo(database.db, (l) => lines.push(l))).toBe(0);
    expect(lines[2]).toBe('msas: the demo organization already exists; nothing to do');
    const users = await database.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.username', 'users.role'])
      .where('organizations.name', '=', 'Demo')
      .orderBy('users.id')
      .execute();
    expect(users.map((u) => u.username)).toEqual(demoUsers.map((u) => u.email));
    expect(users.map((u) => u.role)).toEqual(['owner', 'admin', 'member']);
    const audit = await database.db
      .selectFrom('audit_operations')
      .select('name')
      .where('name', 'like', 'cli.seed.demo%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.name)).toEqual(['cli.seed.demo', 'cli.seed.demo.data']);
  }, 60_000);
});
