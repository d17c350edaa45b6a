import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { Problem } from './problems';

// Attributes whose text a user sees or hears; their string literals must come from t().
export const textAttributes = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'label',
]);

// Text that is the same in every language: the brand, and the "i" glyph of the info icon.
export const allowedLiterals = new Set(['msas', 'i']);

const letters = /\p{L}/u;
// Named entities that stand for letters (&eacute;, &ccedil;, &szlig;...); others are symbols (&times;, &nbsp;).
const letterEntity = /^&[a-z]+(acute|grave|circ|tilde|uml|cedil|ring|slash|lig|zlig);$/i;

// JSX text keeps HTML entities as written: decode numeric ones, and named ones to a letter or a symbol.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X'))
      return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return letterEntity.test(entity) ? 'a' : '\u00b7';
  });
}

function isBareText(text: string): boolean {
  const trimmed = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return letters.test(trimmed) && !allowedLiterals.has(trimmed);
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return undefined;
}

function attributeName(attr: ts.JsxAttribute): string {
  return ts.isIdentifier(attr.name) ? attr.name.text : `${attr.name.namespace.text}:${attr.name.name.text}`;
}

// Finds visible text written as literals in JSX: text children, {'literal'} children and literal values of
// the text attributes above.
export function findJsxLiterals(file: string, source = readFileSync(file, 'utf8')): Problem[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems: Problem[] = [];
  const report = (node: ts.Node, message: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    problems.push({ file, line: line + 1, message });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (isBareText(node.text)) report(node, `bare JSX text "${node.text.trim()}"`);
    } else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
      const text = literalText(node.expression);
      if (text !== undefined && isBareText(text)) report(node, `bare JSX string "${text}"`);
    } else if (ts.isJsxAttribute(node)) {
      const name = attributeName(node);
      const text = literalText(node.initializer);
      if (textAttributes.has(name) && text !== undefined && isBareText(text)) {
        report(node, `bare literal in attribute ${name}="${text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}
