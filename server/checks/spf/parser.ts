import { isIp4Network, isIp6Network } from './clientIp';
import { MacroSyntaxError, parseDomainSpec, tokenizeMacroString } from './macroString';
import type { Mechanism, MechanismName, Modifier, Qualifier, SpfRecord } from './types';

// Parses a whole SPF record before anything is evaluated, so that a syntax error anywhere gives permerror
// (RFC 7208 §4.6: "any syntax errors anywhere in the record MUST be detected").

export class SpfSyntaxError extends Error {}

export type ParseResult = { ok: true; record: SpfRecord } | { ok: false; error: string };

const VERSION = /^v=spf1(?: |$)/i;
const MODIFIER = /^([A-Za-z][A-Za-z0-9\-_.]*)=(.*)$/s;
const MECHANISM = /^([+\-~?]?)([A-Za-z][A-Za-z0-9\-_.]*)(.*)$/s;
const MECHANISMS: readonly MechanismName[] = ['all', 'include', 'a', 'mx', 'ptr', 'ip4', 'ip6', 'exists'];

export function parseSpfRecord(text: string): ParseResult {
  try {
    return { ok: true, record: parseOrThrow(text) };
  } catch (err) {
    if (err instanceof SpfSyntaxError || err instanceof MacroSyntaxError)
      return { ok: false, error: err.message };
    throw err;
  }
}

function parseOrThrow(text: string): SpfRecord {
  if (!VERSION.test(text)) throw new SpfSyntaxError('the record does not start with "v=spf1"');
  // RFC 7208 §3.1 / §4.6.1: US-ASCII only, terms separated by spaces (not tabs or other controls).
  const bad = /[^\x20-\x7e]/.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new SpfSyntaxError(`the record contains a character outside printable ASCII (U+${code})`);
  }
  const record: SpfRecord = { mechanisms: [], unknownModifiers: [] };
  for (const term of text.slice(6).split(' ').filter(Boolean)) {
    const eq = term.indexOf('=');
    const sep = term.search(/[:/]/);
    if (eq >= 0 && (sep < 0 || eq < sep)) addModifier(record, term);
    else record.mechanisms.push(parseMechanism(term));
  }
  return record;
}

function addModifier(record: SpfRecord, term: string) {
  const m = MODIFIER.exec(term);
  // name = ALPHA *( ALPHA / DIGIT / "-" / "_" / "." ) (RFC 7208 §12)
  if (!m) throw new SpfSyntaxError(`"${term}" is not a valid modifier (name must start with a letter)`);
  const name = m[1].toLowerCase();
  const value = m[2];
  if (name === 'redirect' || name === 'exp') {
    // RFC 7208 §6: each at most once; their value is a domain-spec.
    if (record[name] !== undefined) throw new SpfSyntaxError(`"${name}=" appears more than once`);
    domainSpec(value, term);
    record[name] = value;
    return;
  }
  tokenizeMacroString(value, { explanation: true });
  const modifier: Modifier = { name, value, text: term };
  record.unknownModifiers.push(modifier);
}

function parseMechanism(term: string): Mechanism {
  const m = MECHANISM.exec(term);
  if (!m) throw new SpfSyntaxError(`"${term}" is not a valid mechanism`);
  const qualifier = (m[1] || '+') as Qualifier;
  const name = m[2].toLowerCase() as MechanismName;
  const rest = m[3];
  if (!MECHANISMS.includes(name)) throw new SpfSyntaxError(`unknown mechanism "${m[2]}" in "${term}"`);
  const base = { qualifier, name, text: term };
  switch (name) {
    case 'all':
      if (rest !== '') throw new SpfSyntaxError(`"all" takes no argument: "${term}"`);
      return base;
    case 'include':
    case 'exists':
      if (!rest.startsWith(':')) throw new SpfSyntaxError(`"${name}" needs ":domain": "${term}"`);
      return { ...base, domainSpec: domainSpec(rest.slice(1), term) };
    case 'ptr':
      if (rest === '') return base;
      if (!rest.startsWith(':')) throw new SpfSyntaxError(`"ptr" takes no prefix length: "${term}"`);
      return { ...base, domainSpec: domainSpec(rest.slice(1), term) };
    case 'a':
    case 'mx':
      return { ...base, ...domainAndDualCidr(rest, term) };
    case 'ip4':
    case 'ip6':
      return { ...base, ...network(name, rest, term) };
  }
}

function domainSpec(spec: string, term: string): string {
  try {
    parseDomainSpec(spec);
  } catch (err) {
    if (err instanceof MacroSyntaxError) {
      throw new SpfSyntaxError(`${err.message.replace(/ in "[^"]*"$/, '')} in "${term}"`);
    }
    throw err;
  }
  return spec;
}

// dual-cidr-length = [ ip4-cidr-length ] [ "/" ip6-cidr-length ] (RFC 7208 §5.3, §5.4)
function domainAndDualCidr(rest: string, term: string) {
  let spec: string | undefined;
  let cidr = rest;
  if (rest.startsWith(':')) {
    const m = /^(.*?)((?:\/\d+)?(?:\/\/\d+)?)$/s.exec(rest.slice(1));
    spec = domainSpec(m ? m[1] : rest.slice(1), term);
    cidr = m ? m[2] : '';
  }
  const c = /^(?:\/(\d+))?(?:\/\/(\d+))?$/.exec(cidr);
  if (!c) throw new SpfSyntaxError(`invalid prefix length in "${term}"`);
  return {
    domainSpec: spec,
    cidr4: c[1] === undefined ? undefined : prefix(c[1], 32, term),
    cidr6: c[2] === undefined ? undefined : prefix(c[2], 128, term),
  };
}

function network(name: 'ip4' | 'ip6', rest: string, term: string) {
  const m = /^:([^/]*)(?:\/(\d+))?$/.exec(rest);
  if (!m) throw new SpfSyntaxError(`"${name}" needs ":address[/prefix]": "${term}"`);
  const valid = name === 'ip4' ? isIp4Network(m[1]) : isIp6Network(m[1]);
  if (!valid)
    throw new SpfSyntaxError(`"${m[1]}" is not a valid ${name === 'ip4' ? 'IPv4' : 'IPv6'} address`);
  const bits = m[2] === undefined ? undefined : prefix(m[2], name === 'ip4' ? 32 : 128, term);
  return name === 'ip4' ? { network: m[1], cidr4: bits } : { network: m[1], cidr6: bits };
}

function prefix(digits: string, max: number, term: string): number {
  // RFC 7208 §5.6: at most 32 / 128; leading zeros are not allowed (as in ip4-network).
  const n = Number(digits);
  if (!/^(?:0|[1-9]\d*)$/.test(digits) || n > max) {
    throw new SpfSyntaxError(`invalid prefix length /${digits} in "${term}" (0-${max})`);
  }
  return n;
}

/** RFC 7208 §4.5: a record is SPF version 1 when it starts with "v=spf1" then a space or its end. */
export const isSpfV1 = (text: string) => VERSION.test(text);
