import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUserCommand, demoUsers, seedDemo } from '../../server/cli/accounts';
import { helpText } from '../../server/main';
import { verifyPassword } from '../../server/modules/auth/password';
import { openTestDatabase, type TestDatabase } from './support/db';

const root = process.cwd();
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function runCli(args: string[], env: Record<string, string>) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.DATABASE_URL;
  return spawnSync(process.execPath, [tsx, 'server/main.ts', ...args], {
    cwd: root,
    env: { ...cleanEnv, ...env },
    encoding: 'utf8',
    timeout: 60_000,
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
      expect(res.stdout).toContain('applied 0001_foundation');
      const secrets = path.join(dataDir, 'secrets.json');
      expect(fs.statSync(secrets).mode & 0o777).toBe(0o600);
      const again = runCli(['migrate'], { DATA_DIR: dataDir });
      expect(again.stdout).toContain('database is up to date');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
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

  it('seed --demo creates the Demo organization once', async () => {
    const lines: string[] = [];
    expect(await seedDemo(database.db, (l) => lines.push(l), 'demo-password-1')).toBe(3);
    expect(await seedDemo(database.db, (l) => lines.push(l))).toBe(0);
    expect(lines[1]).toContain('already present');
    const users = await database.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.username', 'users.role'])
      .where('organizations.name', '=', 'Demo')
      .orderBy('users.id')
      .execute();
    expect(users.map((u) => u.username)).toEqual(demoUsers.map((u) => u.email));
    expect(users.map((u) => u.role)).toEqual(['owner', 'admin', 'member']);
  });
});
