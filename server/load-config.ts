import dotenv from 'dotenv';
import { parseSettings, type Config } from './config';
import { resolveSecrets } from './lib/secrets';

// Reads .env (if present; real environment variables win), validates, resolves the secrets.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  dotenv.config({ quiet: true, processEnv: env });
  return resolveSecrets(parseSettings(env));
}
