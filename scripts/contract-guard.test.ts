import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One contract (docs/ARCHITECTURE.md): the SPA reads the wire's shapes from contract/, it does not write them
// again. The rule, for every exported type or interface in src/features (tests and fixtures aside) whose name
// says it is a wire shape (…Query, …Response, …Document, …Attributes, …Resource, …Body):
//   1. it is a type alias, not an interface;
//   2. it holds no object-literal type (`{ … }`, `{ [K in …]: … }`) anywhere: Pick, Omit, Required, & and
//      indexed access reshape a contract type, they do not restate one;
//   3. it names at least one type that leads to an import from contract/ (Wire<typeof s>, WireQuery<typeof
//      s>, z.input / z.output / z.infer<typeof s>), directly, through a type of the same file or through an
//      import from another SPA module.
// A type that breaks the rule because it is only the page's own state, never sent nor received, is listed in
// `uiState` with the reason. The check reads syntax only (no type checker), so it stays cheap.

const wireName = /(Query|Response|Document|Attributes|Resource|Body)$/;
const wireExport = /export\s+(type|interface)\s+\w*(Query|Response|Document|Attributes|Resource|Body)\b/;

/** `file:Type` → why it is UI state and not a wire shape. Empty: every wire-named type derives today. */
const uiState: Record<string, string> = {};

const root = path.resolve(__dirname, '..');
const featuresDir = path.join(root, 'src/features');

type Source = { file: string; tree: ts.SourceFile };
const parsed = new Map<string, Source>();

function parse(file: string, text = readFileSync(file, 'utf8')): Source {
  let source = parsed.get(file);
  if (!source) {
    source = { file, tree: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
    parsed.set(file, source);
  }
  return source;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate)) return candidate;
  return null;
}

const hasObjectLiteral = (node: ts.Node): boolean =>
  ts.isTypeLiteralNode(node) ||
  ts.isMappedTypeNode(node) ||
  !!ts.forEachChild(node, (child) => (hasObjectLiteral(child) ? true : undefined));

/** The leftmost identifiers a type names: `A` of A<…>, `s` of typeof s, `z` of z.input<…>. */
function namesIn(node: ts.Node, out = new Set<string>()): Set<string> {
  const leftmost = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : leftmost(name.left));
  if (ts.isTypeReferenceNode(node)) out.add(leftmost(node.typeName));
  if (ts.isTypeQueryNode(node)) out.add(leftmost(node.exprName));
  ts.forEachChild(node, (child) => void namesIn(child, out));
  return out;
}

/** Does `name`, as seen in `source`, lead to an import from contract/? */
function fromContract(source: Source, name: string, seen = new Set<string>()): boolean {
  const key = `${source.file}:${name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  for (const statement of source.tree.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => e.name.text === name);
      if (!element) continue;
      const specifier = statement.moduleSpecifier.text;
      if (/(^|\/)contract\//.test(specifier)) return true;
      const target = specifier.startsWith('.') ? resolveModule(source.file, specifier) : null;
      return !!target && fromContract(parse(target), (element.propertyName ?? element.name).text, seen);
    }
    if (
      (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) &&
      statement.name.text === name
    ) {
      const names = namesIn(statement);
      names.delete(name);
      return [...names].some((n) => fromContract(source, n, seen));
    }
  }
  return false;
}

/** Every way the wire-named exported types of one file break the rule, as `Type: why`. */
function wireTypeProblems(source: Source): string[] {
  const problems: string[] = [];
  for (const statement of source.tree.statements) {
    if (!ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement)) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const name = statement.name.text;
    if (!exported || !wireName.test(name)) continue;
    if (ts.isInterfaceDeclaration(statement)) problems.push(`${name}: an interface restates a wire shape`);
    else if (hasObjectLiteral(statement.type))
      problems.push(`${name}: an object-literal type restates a wire shape`);
    else if (!fromContract(source, name)) problems.push(`${name}: names no type from contract/`);
  }
  return problems;
}

function featureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : featureFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the SPA derives its wire types from contract/', () => {
  it('declares no wire-named type of its own under src/features', () => {
    const found: string[] = [];
    for (const file of featureFiles(featuresDir)) {
      const text = readFileSync(file, 'utf8');
      // Only files that export a wire-named type are parsed (and those their imports lead to).
      if (!wireExport.test(text)) continue;
      const rel = path.relative(root, file);
      for (const problem of wireTypeProblems(parse(file, text)))
        if (!(`${rel}:${problem.split(':')[0]}` in uiState)) found.push(`${rel} ${problem}`);
    }
    expect(found).toEqual([]);
  });

  it('lists only UI state that still exists and still needs the exception', () => {
    const stale = Object.keys(uiState).filter((entry) => {
      const [rel, name] = entry.split(':');
      const file = path.join(root, rel!);
      return !existsSync(file) || !wireTypeProblems(parse(file)).some((p) => p.startsWith(`${name}:`));
    });
    expect(stale).toEqual([]);
  });

  it('tells a restated shape from a derived one', () => {
    const dir = path.join(featuresDir, 'guard-example');
    const sample = (text: string) => wireTypeProblems(parse(path.join(dir, `${parsed.size}.ts`), text));
    const header = [
      "import type { z } from 'zod';",
      "import type { Wire, WireQuery } from '../../../contract/casing';",
      "import type { zoneListQuery, zoneDocument } from '../../../contract/dns';",
      "import type { Resource } from '../../app/resource/createResource';",
    ].join('\n');
    expect(
      sample(`${header}
export type ZonesQuery = Required<Pick<WireQuery<typeof zoneListQuery>, 'page'>>;
type Zone = Wire<typeof zoneDocument>;
export type ZoneAttributes = Zone['rrsets'];
export type ZoneBody = z.input<typeof zoneListQuery>;
export type Zones = { page: number };`),
    ).toEqual([]);
    expect(
      sample(`${header}
export type HistoryQuery = { zone: string; page: number };
export type SendsQuery = ZoneBody & { page: number };
export interface ZoneResponse { name: string }
export type PlainResource = Resource<string, number>;
export type ListQuery = Record<string, string>;
type ZoneBody = z.input<typeof zoneListQuery>;`),
    ).toEqual([
      'HistoryQuery: an object-literal type restates a wire shape',
      'SendsQuery: an object-literal type restates a wire shape',
      'ZoneResponse: an interface restates a wire shape',
      'PlainResource: names no type from contract/',
      'ListQuery: names no type from contract/',
    ]);
  });
});
