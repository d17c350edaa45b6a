import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FETCH_MESSAGES } from '../mtasts/check';

// Every warning code the checkers can emit has a key in locales/{en,pt}/checkWarnings.json, so the console
// never falls back to the English server message in Portuguese. The codes are read from the source: each
// warn(code, severity, message, subject?, params?), SPF warning(code, domain, message, params?) and DKIM
// dkimWarn(code, severity, message, params, subject?) call.
// A `context` in the params selects the key `<code>_<context>` (i18next context).

const root = path.resolve(__dirname, '..');
const repo = path.resolve(root, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text of each top-level argument of the call whose "(" is at `open`; strings and templates skipped. */
function callArgs(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args.filter(Boolean);
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error(`unclosed call at ${open}`);
}

function skipString(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
      let depth = 0;
      for (i = i + 1; i < text.length; i++) {
        if (text[i] === "'" || text[i] === '"' || text[i] === '`') i = skipString(text, i);
        else if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
    } else if (text[i] === quote) return i;
  }
  throw new Error(`unclosed string at ${at}`);
}

/** The object literals an argument can evaluate to (a ternary of objects gives several). */
function objectLiterals(arg: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < arg.length; i++) {
    const c = arg[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(arg, i);
    else if (c === '{' && depth++ === 0) start = i;
    else if (c === '}' && --depth === 0) out.push(arg.slice(start + 1, i));
  }
  return out;
}

const literals = (s: string) => [...s.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]);

// Codes built at run time: the MTA-STS policy fetch failures and the SMTP steps before STARTTLS.
const dynamicCodes: Record<string, string[]> = {
  '`policy_${result.reason}`': Object.keys(FETCH_MESSAGES).map((r) => `policy_${r}`),
  '`${failed.step}_failed`': ['connect_failed', 'banner_failed', 'ehlo_failed'],
};

type Emitted = { key: string; params: Set<string>; where: string };

// Built as a plain object where a checker throws (history/systems.ts): the message is the error itself.
const builtElsewhere: Emitted[] = [
  { key: 'check_failed', params: new Set(['error']), where: 'server/checks/history/systems.ts' },
];

function emittedWarnings(): Emitted[] {
  const out: Emitted[] = [];
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?<![.\w])(warn|warning|dkimWarn)\(/g)) {
      const args = callArgs(text, m.index + m[0].length - 1);
      const first = args[0] ?? '';
      const codes = /^'[a-z0-9_]+'$/.test(first) ? [first.slice(1, -1)] : dynamicCodes[first];
      if (!codes) {
        // warn(warning(...)): the SPF walker's callback, not a warning of its own.
        expect(first, `${file}: a code that is neither a literal nor known`).toMatch(/^warning\(/);
        continue;
      }
      const paramsArg = args[m[1] === 'warn' ? 4 : 3]; // warning() and dkimWarn() take params 4th
      const objects = paramsArg ? objectLiterals(paramsArg) : [''];
      const where = `${path.relative(repo, file)}:${text.slice(0, m.index).split('\n').length}`;
      for (const code of codes)
        for (const object of objects.length ? objects : ['']) {
          const names = new Set(
            [...object.matchAll(/(?:^|[{,])\s*([a-zA-Z]+)\s*(?=[:,}]|$)/g)].map((n) => n[1]),
          );
          const context = /context:\s*([^,}]+)/.exec(object)?.[1];
          // In `cond ? 'a' : 'b'` only the branches are contexts, not what the condition compares.
          const variants = context ? literals(context.slice(context.indexOf('?') + 1)) : [null];
          for (const v of variants) out.push({ key: v ? `${code}_${v}` : code, params: names, where });
        }
    }
  }
  return out;
}

const locale = (lang: string) =>
  JSON.parse(readFileSync(path.join(repo, 'locales', lang, 'checkWarnings.json'), 'utf8')) as Record<
    string,
    string
  >;

describe('check warning translations', () => {
  const emitted = [...emittedWarnings(), ...builtElsewhere];
  const keys = new Set(emitted.map((e) => e.key));

  it('finds the warnings of every checker', () => {
    expect(keys.size).toBeGreaterThan(100);
    for (const code of [
      'no_record_dmarc',
      'too_many_lookups',
      'policy_tls',
      'connect_failed',
      'tlsa_mismatch',
    ])
      expect(keys).toContain(code);
  });

  it.each(['en', 'pt'])('%s has a key for every code, and only those', (lang) => {
    const texts = locale(lang);
    expect([...keys].filter((k) => !(k in texts)).sort()).toEqual([]);
    expect(
      Object.keys(texts)
        .filter((k) => !keys.has(k))
        .sort(),
    ).toEqual([]);
  });

  it.each(['en', 'pt'])('%s interpolates only values the server sends', (lang) => {
    const texts = locale(lang);
    const problems: string[] = [];
    for (const e of emitted) {
      for (const [, name] of (texts[e.key] ?? '').matchAll(/\{\{(\w+)\}\}/g))
        if (!e.params.has(name)) problems.push(`${e.key} uses {{${name}}}, not sent at ${e.where}`);
    }
    expect(problems).toEqual([]);
  });
});
