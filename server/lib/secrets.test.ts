import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings } from '../config';
import { resolveSecrets, secretsFile } from './secrets';

describe('resolveSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-secrets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates missing secrets once into DATA_DIR/secrets.json (0600) and reuses them', () => {
    const first = resolveSecrets(parseSettings({ DATA_DIR: dir }));
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(secretsFile(dir)).mode & 0o777).toBe(0o600);
    const second = resolveSecrets(parseSettings({ DATA_DIR: dir }));
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it('prefers the environment and then writes nothing', () => {
    const key = 'ab'.repeat(32);
    const config = resolveSecrets(
      parseSettings({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: key }),
    );
    expect(config.jwtSecret).toBe('j'.repeat(40));
    expect(config.encryptionKey.toString('hex')).toBe(key);
    expect(fs.existsSync(secretsFile(dir))).toBe(false);
  });
});
