import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from './problems';

export const referenceLanguage = 'en';

// i18next plural variants: a language may need categories the other does not (CLDR differs per language).
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

// Nested JSON objects become dotted keys, like i18next resolves them.
export function flattenKeys(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flattenKeys(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function readLocale(file: string, problems: Problem[]): Flat | undefined {
  try {
    return flattenKeys(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch (e) {
    problems.push({ file, message: `cannot parse: ${(e as Error).message}` });
    return undefined;
  }
}

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}

function hasPluralSibling(key: string, other: Flat): boolean {
  if (!pluralSuffix.test(key)) return false;
  const base = key.replace(pluralSuffix, '');
  return [...other.keys()].some((k) => pluralSuffix.test(k) && k.replace(pluralSuffix, '') === base);
}

function compare(labelA: string, a: Flat, fileB: string, b: Flat, problems: Problem[]) {
  for (const key of a.keys()) {
    if (!b.has(key) && !hasPluralSibling(key, b)) {
      problems.push({ file: fileB, message: `missing key "${key}" (present in ${labelA})` });
    }
  }
}

function checkValues(file: string, keys: Flat, problems: Problem[]) {
  for (const [key, value] of keys) {
    if (typeof value !== 'string') {
      problems.push({ file, message: `key "${key}" is not a string` });
    } else if (value.trim() === '') {
      problems.push({ file, message: `key "${key}" is empty` });
    }
  }
}

// Every locales/<lang>/<ns>.json must hold exactly the keys of locales/en/<ns>.json, none empty.
export function checkLocaleKeys(localesDir: string): Problem[] {
  const problems: Problem[] = [];
  let languages: string[];
  try {
    languages = readdirSync(localesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [{ file: localesDir, message: 'locales directory not found' }];
  }
  if (!languages.includes(referenceLanguage)) {
    return [{ file: localesDir, message: `no ${referenceLanguage}/ directory` }];
  }
  const refDir = path.join(localesDir, referenceLanguage);
  for (const lang of languages.filter((l) => l !== referenceLanguage)) {
    const langDir = path.join(localesDir, lang);
    const names = new Set([...jsonFiles(refDir), ...jsonFiles(langDir)]);
    for (const name of [...names].sort()) {
      const refFile = path.join(refDir, name);
      const langFile = path.join(langDir, name);
      const refHas = jsonFiles(refDir).includes(name);
      const langHas = jsonFiles(langDir).includes(name);
      if (!refHas || !langHas) {
        problems.push({
          file: refHas ? langFile : refFile,
          message: `missing namespace file (present in ${refHas ? referenceLanguage : lang}/)`,
        });
        continue;
      }
      const ref = readLocale(refFile, problems);
      const other = readLocale(langFile, problems);
      if (!ref || !other) continue;
      compare(`${referenceLanguage}/${name}`, ref, langFile, other, problems);
      compare(`${lang}/${name}`, other, refFile, ref, problems);
    }
  }
  for (const lang of languages) {
    const dir = path.join(localesDir, lang);
    for (const name of jsonFiles(dir)) {
      const file = path.join(dir, name);
      const keys = readLocale(file, []);
      if (keys) checkValues(file, keys, problems);
    }
  }
  return problems;
}
