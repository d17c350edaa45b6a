import type { CheckContext } from '../domain/context';
import { judgeRecord } from './selector';
import { scoreDkim } from './score';
import type { DkimResult, DkimSelectorResult, DkimWarning } from './types';
import { dkimWarn, sortDkimWarnings } from './warnings';

// The DKIM check of a domain: the selectors seen in the DKIM auth results of stored reports (d= the domain)
// plus a short probe of common selectors; each key record at <selector>._domainkey.<domain> (RFC 6376
// §3.6.2.1) is judged by judgeRecord. Probed selectors without a record are left out.

export const PROBE_SELECTORS = [
  'default',
  'selector1',
  'selector2',
  'google',
  'k1',
  's1',
  's2',
  'dkim',
  'mail',
];

// A selector is a dot-separated list of sub-domain labels (RFC 6376 §3.1).
const SELECTOR = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

type Lookup = { state: 'found'; texts: string[] } | { state: 'none' } | { state: 'failed'; error: string };

async function lookup(name: string, ctx: CheckContext): Promise<Lookup> {
  const ans = await ctx.resolver.query(name, 'TXT');
  if (ans.rcode === 'NXDOMAIN') return { state: 'none' };
  if (ans.rcode !== 'NOERROR' || ans.error) return { state: 'failed', error: ans.error ?? ans.rcode };
  const texts = ans.answers.flatMap((r) => (r.type === 'TXT' ? [r.text] : []));
  return texts.length ? { state: 'found', texts } : { state: 'none' };
}

export async function checkDkim(
  domainInput: string,
  reportSelectors: string[],
  ctx: CheckContext,
): Promise<DkimResult> {
  const domain = domainInput.trim().replace(/\.$/, '').toLowerCase();
  const fromReports = new Set(
    reportSelectors.map((s) => s.trim().toLowerCase()).filter((s) => SELECTOR.test(s)),
  );
  const all = [...new Set([...fromReports, ...PROBE_SELECTORS])];
  const results = await Promise.all(
    all.map(async (selector): Promise<DkimSelectorResult | null> => {
      const name = `${selector}._domainkey.${domain}`;
      const seen = fromReports.has(selector);
      const found = await lookup(name, ctx);
      if (found.state === 'found') return judgeRecord(selector, name, found.texts, seen ? 'both' : 'dns');
      if (!seen) return null;
      const warning: DkimWarning =
        found.state === 'none'
          ? dkimWarn(
              'dkim_key_missing',
              'error',
              `No DKIM key at ${name}: signatures with selector ${selector} seen in reports cannot be verified.`,
              { name, selector },
              name,
            )
          : dkimWarn(
              'dkim_lookup_failed',
              'warning',
              `The DKIM key at ${name} could not be looked up (${found.error}).`,
              { name, error: found.error },
              name,
            );
      return {
        selector,
        source: 'reports',
        found: false,
        record: null,
        keyType: null,
        keyBits: null,
        testing: false,
        revoked: false,
        warnings: [warning],
      };
    }),
  );
  const selectors = results.filter((r): r is DkimSelectorResult => r !== null);
  const warnings = selectors.flatMap((s) => s.warnings);
  if (!selectors.some((s) => s.found && !s.revoked)) {
    warnings.push(
      dkimWarn(
        'dkim_no_keys',
        'warning',
        `No usable DKIM key found for ${domain} (selectors from reports and common selectors tried).`,
        { domain },
      ),
    );
  }
  const sorted = sortDkimWarnings(warnings);
  return { domain, selectors, warnings: sorted, score: scoreDkim(sorted) };
}
