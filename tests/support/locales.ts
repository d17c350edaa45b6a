import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build';

export type Lang = 'en' | 'pt';

const cache = new Map<string, Record<string, unknown>>();

// The text the SPA shows for `ns:key` in `lang`, read from locales/ so tests follow copy changes.
export function tr(lang: Lang, ns: string, key: string, vars: Record<string, string> = {}): string {
  const file = path.join(repoRoot, 'locales', lang, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  let value: unknown = cache.get(file);
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no ${lang}/${ns}.json key ${key}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
