import type { QueryOptions, Resolver } from '../dnsTypes';
import { allWarnings, checkTarget, hasMacro, norm } from './analyseTargets';
import { parseSpfRecord } from './parser';
import { lookupSpfRecord, type RecordLookup } from './record';
import { LOOKUP_MECHANISMS, type Qualifier } from './types';
import { warning, type SpfWarning } from './warnings';

// Walks an SPF policy without a client IP: every include and redirect followed (in parallel), DNS lookups
// counted as receivers would count them in the worst case (RFC 7208 §4.6.4), static targets queried to
// find void lookups, loops found by the chain of domains that led to a record.

export type SpfTermNode = {
  qualifier: Qualifier;
  name: string;
  value?: string;
  text: string;
  /** 1 when the term costs a DNS lookup. */
  lookups: number;
};

export type SpfTreeNode = {
  domain: string;
  record: string | null;
  valid: boolean;
  error?: string;
  mechanisms: SpfTermNode[];
  /** Terms that give "pass" when they match (the senders this record authorizes). */
  pass: string[];
  include: SpfTreeNode[];
  redirect: SpfTreeNode | null;
  /** Lookups of this record's own terms (children count their own). */
  dnsLookups: number;
  voidLookups: number;
};

export type WalkState = {
  resolver: Resolver;
  query: QueryOptions;
  warnings: SpfWarning[];
  lookups: number;
  voids: number;
  nodes: number;
};

const MAX_NODES = 40;

export async function walk(
  state: WalkState,
  domain: string,
  path: string[],
  role: 'top' | 'include' | 'redirect',
  found?: RecordLookup,
): Promise<SpfTreeNode> {
  state.nodes++;
  const node: SpfTreeNode = {
    domain,
    record: null,
    valid: false,
    mechanisms: [],
    pass: [],
    include: [],
    redirect: null,
    dnsLookups: 0,
    voidLookups: 0,
  };
  const warn = (w: SpfWarning) => state.warnings.push(w);
  const lookup = found ?? (await lookupSpfRecord(domain, state.resolver, state.query));
  if (lookup.kind === 'temperror') {
    node.error = lookup.message;
    warn(
      warning('dns_error', domain, lookup.message, {
        context: lookup.rcode === 'timeout' ? 'spf_txt_timeout' : 'spf_txt',
        domain,
        rcode: lookup.rcode,
      }),
    );
    return node;
  }
  if (lookup.kind === 'none') {
    node.error = `no SPF record at ${domain}`;
    if (role === 'include')
      warn(
        warning(
          'include_without_record',
          domain,
          `include:${domain} has no SPF record: receivers return permerror (RFC 7208 §5.2)`,
          { domain },
        ),
      );
    if (role === 'redirect')
      warn(
        warning(
          'redirect_without_record',
          domain,
          `redirect=${domain} has no SPF record: receivers return permerror (RFC 7208 §6.1)`,
          { domain },
        ),
      );
    return node;
  }
  if (lookup.kind === 'multiple') {
    node.error = `${lookup.records.length} SPF records`;
    warn(
      warning(
        'multiple_records',
        domain,
        `${domain} publishes ${lookup.records.length} SPF records; receivers return permerror (RFC 7208 §4.5)`,
        { context: 'spf', domain, records: lookup.records.length },
      ),
    );
    return node;
  }
  node.record = lookup.text;
  const parsed = parseSpfRecord(lookup.text);
  if (!parsed.ok) {
    node.error = parsed.error;
    warn(
      warning('syntax_error', domain, `${domain}: ${parsed.error}`, {
        context: 'spf',
        domain,
        detail: parsed.error,
      }),
    );
    return node;
  }
  node.valid = true;
  const rec = parsed.record;
  const chain = [...path, norm(domain)];
  const children: Promise<void>[] = [];

  for (const m of rec.mechanisms) {
    const cost = LOOKUP_MECHANISMS.has(m.name) ? 1 : 0;
    node.dnsLookups += cost;
    node.mechanisms.push({
      qualifier: m.qualifier,
      name: m.name,
      value: m.domainSpec ?? m.network,
      text: m.text,
      lookups: cost,
    });
    if (m.qualifier === '+') node.pass.push(m.text);
    if (m.name === 'all') allWarnings(m, domain, role, warn);
    if (m.name === 'ptr')
      warn(
        warning(
          'ptr_used',
          domain,
          `${domain}: "${m.text}" uses ptr, which is slow and unreliable; RFC 7208 §5.5 says it SHOULD NOT be used`,
          { domain, term: m.text },
        ),
      );
    if (m.name === 'include' && m.domainSpec) {
      const target = m.domainSpec;
      children.push(
        follow(state, target, chain, 'include', domain, warn).then((child) => {
          if (child) node.include.push(child);
        }),
      );
    } else if (cost) {
      children.push(checkTarget(state, node, m, domain, warn));
    }
  }
  state.lookups += node.dnsLookups;

  const hasAll = rec.mechanisms.some((m) => m.name === 'all');
  if (rec.redirect !== undefined && hasAll) {
    warn(
      warning(
        'redirect_ignored',
        domain,
        `${domain}: redirect=${rec.redirect} is never used because the record has "all" (RFC 7208 §6.1)`,
        { domain, redirect: rec.redirect },
      ),
    );
  } else if (rec.redirect !== undefined) {
    node.dnsLookups += 1;
    state.lookups += 1;
    children.push(
      follow(state, rec.redirect, chain, 'redirect', domain, warn).then((child) => {
        node.redirect = child;
      }),
    );
  } else if (!hasAll && role !== 'include') {
    warn(
      warning(
        'no_all',
        domain,
        `${domain}: the record has no "all" and no redirect, so unmatched senders get neutral (RFC 7208 §4.7)`,
        { domain },
      ),
    );
  }
  await Promise.all(children);
  // Children are pushed as they finish; keep them in record order.
  const order = rec.mechanisms.map((m) => m.domainSpec && norm(m.domainSpec));
  node.include.sort((a, b) => order.indexOf(norm(a.domain)) - order.indexOf(norm(b.domain)));
  return node;
}

async function follow(
  state: WalkState,
  spec: string,
  chain: string[],
  role: 'include' | 'redirect',
  from: string,
  warn: (w: SpfWarning) => void,
): Promise<SpfTreeNode | null> {
  if (hasMacro(spec)) {
    warn(
      warning(
        'macro_not_analysed',
        from,
        `${role === 'include' ? 'include:' : 'redirect='}${spec} depends on the message (macros); not followed`,
        { context: role === 'include' ? 'include' : 'redirect', spec },
      ),
    );
    return null;
  }
  const target = norm(spec);
  if (chain.includes(target)) {
    warn(
      warning(
        'loop',
        from,
        `${from} ${role === 'include' ? 'includes' : 'redirects to'} ${target}, which leads back to itself: receivers return permerror`,
        { context: role === 'include' ? 'include' : 'redirect', from, target },
      ),
    );
    return null;
  }
  if (state.nodes >= MAX_NODES) {
    warn(
      warning(
        'tree_truncated',
        from,
        `stopped following at ${target}: the policy is too large to analyse fully`,
        { target },
      ),
    );
    return null;
  }
  return walk(state, target, chain, role);
}
