import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

// Static list (not a folder scan) so migrations work the same under tsx, vitest and a bundle. Append only.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
