import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLocales } from './check-locales';
import { findJsxLiterals } from './lib/jsxLiterals';

let root: string;

function write(rel: string, content: unknown) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

function messages() {
  return checkLocales(root).map((p) => `${p.file}${p.line ? `:${p.line}` : ''} ${p.message}`);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'check-locales-'));
  write('locales/en/common.json', { app: { title: 'Console' }, save: 'Save' });
  write('locales/pt/common.json', { app: { title: 'Console' }, save: 'Salvar' });
  write('src/ok.tsx', 'export const A = () => <p title={t("x")}>{t("y")} 42 · {count}</p>;\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('locale keys', () => {
  it('passes when both languages hold the same non-empty keys', () => {
    expect(messages()).toEqual([]);
  });

  it('reports a key missing in pt, with the nested key path', () => {
    write('locales/en/common.json', { app: { title: 'Console', subtitle: 'Mail' }, save: 'Save' });
    expect(messages()).toEqual([
      'locales/pt/common.json missing key "app.subtitle" (present in en/common.json)',
    ]);
  });

  it('reports a key missing in en', () => {
    write('locales/pt/common.json', { app: { title: 'Console' }, save: 'Salvar', extra: 'Extra' });
    expect(messages()).toEqual(['locales/en/common.json missing key "extra" (present in pt/common.json)']);
  });

  it('reports a namespace file present in one language only', () => {
    write('locales/en/menu.json', { a: 'A' });
    expect(messages()).toEqual(['locales/pt/menu.json missing namespace file (present in en/)']);
  });

  it('reports empty strings and non-string values', () => {
    write('locales/pt/common.json', { app: { title: ' ' }, save: 3 });
    expect(messages()).toEqual([
      'locales/pt/common.json key "app.title" is empty',
      'locales/pt/common.json key "save" is not a string',
    ]);
  });

  it('reports unparsable JSON', () => {
    write('locales/pt/common.json', '{ "save": ');
    expect(messages()[0]).toMatch(/^locales\/pt\/common\.json cannot parse/);
  });

  it('accepts plural variants that differ between languages', () => {
    write('locales/en/common.json', {
      app: { title: 'C' },
      save: 'S',
      item_one: '1 item',
      item_other: 'items',
    });
    write('locales/pt/common.json', {
      app: { title: 'C' },
      save: 'S',
      item_one: '1 item',
      item_many: 'itens',
      item_other: 'itens',
    });
    expect(messages()).toEqual([]);
  });
});

describe('bare JSX literals', () => {
  it('reports JSX text with letters at its line', () => {
    write('src/features/a/Page.tsx', 'export const P = () => (\n  <div>\n    Hello world\n  </div>\n);\n');
    expect(messages()).toEqual(['src/features/a/Page.tsx:3 bare JSX text "Hello world"']);
  });

  it('reports string literals in text attributes and {"literal"} children', () => {
    const problems = findJsxLiterals(
      'x.tsx',
      [
        '<input placeholder="Search" />;',
        '<img alt={"Logo"} />;',
        '<b aria-label="Close" />;',
        '<F label={`Name`} />;',
        '<i title="Info" />;',
        '<p>{"Inline"}</p>;',
      ].join('\n'),
    );
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'bare literal in attribute placeholder="Search"'],
      [2, 'bare literal in attribute alt="Logo"'],
      [3, 'bare literal in attribute aria-label="Close"'],
      [4, 'bare literal in attribute label="Name"'],
      [5, 'bare literal in attribute title="Info"'],
      [6, 'bare JSX string "Inline"'],
    ]);
  });

  it('allows non-text attributes, digits, punctuation and the brand', () => {
    const problems = findJsxLiterals(
      'x.tsx',
      '<a href="/login" className="menu" id="main" data-x="y">msas {1} - 2 | {"·"} <img alt="" /></a>;',
    );
    expect(problems).toEqual([]);
  });

  it('decodes HTML entities: symbols pass, letters and words do not', () => {
    const source = ['<b>&times;</b>;', '<b>&#215; &nbsp;&hellip;</b>;', '<b>&Eacute;</b>;', '<b>&#72;i</b>;'];
    expect(findJsxLiterals('x.tsx', source.join('\n')).map((p) => [p.line, p.message])).toEqual([
      [3, 'bare JSX text "&Eacute;"'],
      [4, 'bare JSX text "&#72;i"'],
    ]);
  });

  it('skips test files and src/test helpers', () => {
    write('src/a/Page.test.tsx', 'export const T = () => <p>Hello</p>;');
    write('src/test/render.tsx', 'export const T = () => <p>Hello</p>;');
    expect(messages()).toEqual([]);
  });
});

describe('command line', () => {
  it('exits 1 and prints file:line for each problem, 0 when clean', () => {
    const script = path.join(import.meta.dirname, 'check-locales.ts');
    const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
    const clean = spawnSync(tsx, [script, root], { encoding: 'utf8' });
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('check:locales: ok');

    write('src/Bad.tsx', 'export const B = () => <h1>Title</h1>;');
    const bad = spawnSync(tsx, [script, root], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('src/Bad.tsx:1: bare JSX text "Title"');
  }, 30_000);
});
