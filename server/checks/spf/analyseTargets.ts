import { isDnsFailure, isEmptyAnswer } from '../dnsTypes';
import type { SpfTreeNode, WalkState } from './analyseTree';
import type { Mechanism } from './types';
import { warning, type SpfWarning } from './warnings';

// Per-term checks of the SPF analysis: what a static a/mx/exists target resolves to, and the "all" policy.

export const hasMacro = (s: string) => s.includes('%');
export const norm = (d: string) => d.replace(/\.$/, '').toLowerCase();

/** a, mx, exists with a static target: query it to find void lookups and oversized MX sets. */
export async function checkTarget(
  state: WalkState,
  node: SpfTreeNode,
  m: Mechanism,
  domain: string,
  warn: (w: SpfWarning) => void,
) {
  if (m.name === 'ptr') return;
  const target = norm(m.domainSpec ?? domain);
  if (hasMacro(target)) return;
  const q = (type: 'A' | 'AAAA' | 'MX') => state.resolver.query(target, type, state.query);
  const answers =
    m.name === 'mx'
      ? [await q('MX')]
      : m.name === 'a'
        ? await Promise.all([q('A'), q('AAAA')])
        : [await q('A')];
  const failed = answers.find(isDnsFailure);
  if (failed) {
    warn(
      warning(
        'dns_error',
        domain,
        `${domain}: lookup for "${m.text}" failed (${failed.timedOut ? 'timeout' : failed.rcode})`,
        { context: 'spf_term', domain, term: m.text, rcode: failed.timedOut ? 'timeout' : failed.rcode },
      ),
    );
    return;
  }
  if (answers.every(isEmptyAnswer)) {
    node.voidLookups++;
    state.voids++;
    warn(
      warning(
        'void_lookup',
        domain,
        `${domain}: "${m.text}" finds nothing at ${target} (a void lookup; more than 2 is a permerror, RFC 7208 §4.6.4)`,
        { domain, term: m.text, target },
      ),
    );
    return;
  }
  if (m.name === 'mx') {
    const hosts = answers[0].answers.filter(
      (r) => r.type === 'MX' && r.exchange !== '' && r.exchange !== '.',
    );
    if (hosts.length > 10) {
      warn(
        warning(
          'mx_too_many_hosts',
          domain,
          `${domain}: "${m.text}" finds ${hosts.length} MX hosts; more than 10 is a permerror (RFC 7208 §4.6.4)`,
          { domain, term: m.text, hosts: hosts.length },
        ),
      );
    }
  }
}

export function allWarnings(m: Mechanism, domain: string, role: string, warn: (w: SpfWarning) => void) {
  if (m.qualifier === '+') {
    warn(
      warning('plus_all', domain, `${domain}: "${m.text}" lets any host on the Internet pass SPF`, {
        domain,
        term: m.text,
      }),
    );
  } else if (m.qualifier === '?' && role !== 'include') {
    warn(
      warning('neutral_all', domain, `${domain}: "?all" asserts nothing about other senders (neutral)`, {
        domain,
      }),
    );
  }
}
