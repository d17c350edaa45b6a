import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAGS } from './tags';

// The console shows each DMARC tag's name and description from locales/<lang>/dmarcTags.json, keyed by tag:
// English must say what the server says, and Portuguese must cover every tag.

const locale = (lang: string) =>
  JSON.parse(
    readFileSync(path.resolve(__dirname, `../../../locales/${lang}/dmarcTags.json`), 'utf8'),
  ) as Record<string, { name: string; description: string }>;

describe('DMARC tag texts', () => {
  it('English repeats the server text of every tag', () => {
    const en = locale('en');
    expect(Object.keys(en).sort()).toEqual(Object.keys(TAGS).sort());
    for (const [tag, def] of Object.entries(TAGS))
      expect(en[tag], tag).toEqual({ name: def.name, description: def.description });
  });

  it('Portuguese names and describes every tag, in its own words', () => {
    const pt = locale('pt');
    expect(Object.keys(pt).sort()).toEqual(Object.keys(TAGS).sort());
    for (const [tag, def] of Object.entries(TAGS)) {
      expect(pt[tag].name.trim(), tag).not.toBe('');
      expect(pt[tag].description, tag).not.toBe(def.description);
    }
  });
});
