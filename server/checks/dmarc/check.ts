import type { CheckContext } from '../domain/context';
import { baseDomainOf } from '../dns/baseDomain';
import { sortWarnings, warn, type CheckWarning } from '../score/warning';
import { checkDestinations, parseDestinations, type ReportDestination } from './destinations';
import { discoverDmarc, rfc7489Names } from './discovery';
import { parseDmarcRecord } from './parse';
import { scoreDmarc } from './score';
import type { DmarcResult } from './types';

// The DMARC check of a domain: discovery (RFC 7489 §6.6.3 and the RFC 9989 §4.10 tree walk), the tag
// table, warnings for everything a receiver would ignore or the owner probably did not mean, and the
// report destinations (authorization and MX).

const STRENGTH: Record<string, number> = { none: 0, quarantine: 1, reject: 2 };

export async function checkDmarc(domain: string, ctx: CheckContext): Promise<DmarcResult> {
  const warnings: CheckWarning[] = [];
  const orgDomain = baseDomainOf(domain);
  const found = await discoverDmarc(ctx.resolver, domain);
  const base = { domain, orgDomain, walk: found.steps, reportDestinations: [] as ReportDestination[] };
  const empty = (over: Partial<DmarcResult>): DmarcResult => ({
    ...base,
    record: null,
    location: null,
    tags: null,
    policy: null,
    ...over,
    warnings: sortWarnings(warnings),
    valid: false,
    score: 0,
  });

  for (const step of found.steps.slice(1)) {
    if (step.records > 1) {
      warnings.push(
        warn(
          'parent_multiple_records',
          'warning',
          `_dmarc.${step.name} has ${step.records} DMARC records; receivers skip it.`,
          step.name,
          { name: step.name, records: step.records },
        ),
      );
    }
  }
  if (found.kind === 'temperror') {
    warnings.push(
      warn(
        'dns_error',
        'error',
        `The lookup of ${found.name} failed (${found.rcode}); receivers would defer the check.`,
        undefined,
        { context: 'dmarc', name: found.name, rcode: found.rcode },
      ),
    );
    return empty({});
  }
  if (found.kind === 'multiple') {
    warnings.push(
      warn(
        'multiple_records',
        'error',
        `_dmarc.${domain} has ${found.records.length} DMARC records: receivers apply no policy (RFC 7489 §6.6.3).`,
        undefined,
        { context: 'dmarc', domain, records: found.records.length },
      ),
    );
    return empty({ location: found.location });
  }
  if (found.kind === 'none') {
    warnings.push(
      warn('no_record', 'error', `No DMARC record at _dmarc.${domain} or any parent name.`, undefined, {
        context: 'dmarc',
        domain,
      }),
    );
    return empty({});
  }

  const { record, location } = found;
  const parsed = parseDmarcRecord(record);
  warnings.push(...parsed.warnings);
  const { explicit, tags } = parsed;
  if (location !== domain) {
    warnings.push(
      warn(
        'inherited',
        'info',
        `${domain} has no record of its own; the policy of ${location} applies to it.`,
        location,
        { domain, location },
      ),
    );
    if (!rfc7489Names(domain).includes(location)) {
      const names = rfc7489Names(domain).map((n) => `_dmarc.${n}`);
      warnings.push(
        warn(
          'rfc7489_differs',
          'info',
          `Receivers still on RFC 7489 ask only ${names.join(' and ')} and find no policy.`,
          undefined,
          names.length === 2
            ? { context: 'two', name: names[0], other: names[1] }
            : { name: names.join(', ') },
        ),
      );
    }
  }
  if (found.otherTxt > 0) {
    warnings.push(
      warn(
        'other_txt',
        'info',
        `_dmarc.${location} also holds ${found.otherTxt} TXT record(s) that are not DMARC.`,
        undefined,
        { location, records: found.otherTxt },
      ),
    );
  }

  const destinationsParsed = [
    ...(explicit.rua ? parseDestinations('rua', explicit.rua, warnings) : []),
    ...(explicit.ruf ? parseDestinations('ruf', explicit.ruf, warnings) : []),
  ];
  const hasRua = destinationsParsed.some((d) => d.tag === 'rua');
  const pValid = explicit.p !== undefined && tags.p.value === explicit.p;
  let state: 'ignored' | 'policy' = 'policy';
  if (!pValid) {
    if (hasRua) {
      warnings.push(
        warn(
          'p_missing_with_rua',
          'warning',
          'No valid p tag: with a valid rua, receivers treat the record as p=none (RFC 7489 §6.6.3, RFC 9989 §4.7).',
        ),
      );
    } else {
      warnings.push(warn('p_missing', 'error', 'No valid p tag and no rua: receivers ignore this record.'));
      state = 'ignored';
    }
  }
  const p = tags.p.value ?? 'none';
  if (state === 'policy') policyWarnings(p, tags, explicit, hasRua, warnings);

  const reportDestinations = await checkDestinations(ctx.resolver, location, destinationsParsed, warnings);
  const policy = location === domain ? p : (tags.sp.value ?? p);
  const sorted = sortWarnings(warnings);
  return {
    ...base,
    record,
    location,
    tags,
    policy: state === 'policy' ? policy : null,
    reportDestinations,
    warnings: sorted,
    valid: state === 'policy' && !sorted.some((w) => w.severity === 'error'),
    score: scoreDmarc(state, sorted),
  };
}

function policyWarnings(
  p: string,
  tags: NonNullable<DmarcResult['tags']>,
  explicit: Record<string, string | undefined>,
  hasRua: boolean,
  out: CheckWarning[],
) {
  if (p === 'none') {
    out.push(
      warn(
        'policy_none',
        'warning',
        'p=none only monitors: failing mail is delivered as usual. Move to quarantine, then reject.',
      ),
    );
  } else if (p === 'quarantine') {
    out.push(
      warn(
        'policy_quarantine',
        'info',
        'p=quarantine sends failing mail to spam; p=reject is the strongest protection.',
      ),
    );
  }
  for (const sub of ['sp', 'np'] as const) {
    const v = explicit[sub] !== undefined ? tags[sub].value : null;
    if (v && STRENGTH[v] < STRENGTH[p]) {
      out.push(
        warn(
          'subdomain_policy_weaker',
          'warning',
          `${sub}=${v} is weaker than p=${p}: subdomains can be spoofed more easily.`,
          sub,
          { tag: sub, value: v, policy: p },
        ),
      );
    }
  }
  if (tags.t.value === 'y') {
    out.push(
      warn(
        'testing',
        'warning',
        't=y (testing): receivers apply one step less than the policy (RFC 9989 §4.7).',
      ),
    );
  }
  const pct = explicit.pct !== undefined ? Number(tags.pct.value) : 100;
  if (pct < 100) {
    out.push(
      warn(
        'pct_partial',
        'warning',
        `pct=${pct}: RFC 7489 receivers apply the policy to only ${pct}% of failing mail.`,
        undefined,
        { pct },
      ),
    );
  }
  if (!hasRua) {
    out.push(
      warn(
        'no_rua',
        'warning',
        'No rua tag: you will receive no aggregate reports, so you cannot see who sends as you.',
        undefined,
        { context: 'dmarc' },
      ),
    );
  }
  if (explicit.fo !== undefined && explicit.ruf === undefined) {
    out.push(warn('fo_without_ruf', 'info', 'fo has no effect without a ruf tag.'));
  }
  if (tags.psd.value === 'y') {
    out.push(warn('psd', 'info', 'psd=y: this is a public suffix domain policy (RFC 9989).'));
  }
}
