import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config, Settings } from '../config';

// Secrets not given in the environment are generated once into DATA_DIR/secrets.json (mode 0600) and reused,
// so tokens and encrypted TOTP secrets survive restarts without any set-up.
const fileSchema = z.object({ jwt_secret: z.string().optional(), encryption_key: z.string().optional() });

export function decodeKey(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

export function secretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

export function resolveSecrets(settings: Settings): Config {
  const file = secretsFile(settings.dataDir);
  let stored: z.infer<typeof fileSchema> = {};
  if (fs.existsSync(file)) stored = fileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const next = { ...stored };
  if (!settings.jwtSecret && !next.jwt_secret) next.jwt_secret = randomBytes(48).toString('base64url');
  if (!settings.encryptionKey && !next.encryption_key) next.encryption_key = randomBytes(32).toString('hex');
  if (next.jwt_secret !== stored.jwt_secret || next.encryption_key !== stored.encryption_key) {
    fs.mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
  const { jwtSecret, encryptionKey, ...rest } = settings;
  return {
    ...rest,
    jwtSecret: jwtSecret ?? next.jwt_secret!,
    encryptionKey: decodeKey(encryptionKey ?? next.encryption_key!),
  };
}
