import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys } from '../../scripts/lib/localeKeys';
import { serverT, type ServerNamespace } from './i18n';

const namespaces: ServerNamespace[] = ['mail', 'digestMail', 'alertMail', 'unsubscribePage', 'alerts'];
const read = (lang: string, ns: string) =>
  flattenKeys(JSON.parse(readFileSync(path.join('locales', lang, `${ns}.json`), 'utf8')) as unknown);
const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

describe('serverT', () => {
  it('reads locales/ in the language asked for', () => {
    expect(serverT('en', 'mail')('heldSummary.count', { count: 3 })).toBe('Messages held: 3');
    expect(serverT('pt', 'mail')('heldSummary.count', { count: 3 })).toBe('Mensagens retidas: 3');
  });

  it('writes figures the reader way', () => {
    expect(serverT('en', 'mail')('heldSummary.count', { count: 12345 })).toBe('Messages held: 12,345');
    expect(serverT('pt', 'mail')('heldSummary.count', { count: 12345 })).toBe('Mensagens retidas: 12.345');
  });

  it('finds every English word of its namespaces in Portuguese too, with the same placeholders', () => {
    for (const ns of namespaces) {
      const [en, pt] = [read('en', ns), read('pt', ns)];
      for (const [key, text] of en) {
        expect(pt.has(key), `pt ${ns}:${key}`).toBe(true);
        expect(placeholders(pt.get(key)), `${ns}:${key}`).toEqual(placeholders(text));
      }
    }
  });
});
