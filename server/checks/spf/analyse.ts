import { dnsNameProblem, type QueryOptions, type Resolver } from '../dnsTypes';
import { walk, type SpfTreeNode, type WalkState } from './analyseTree';
import { isSpfV1 } from './parser';
import { lookupSpfRecord, type RecordLookup } from './record';
import { scoreSpf } from './score';
import { INVALIDATING, warning, type SpfWarning } from './warnings';

// The console's SPF check of a domain (the "SPF result" of product spec section 3): the record, the parsed
// tree with includes and redirect, DNS and void lookup counts, validity, warnings and a score.

export type SpfAnalysis = {
  domain: string;
  record: string | null;
  /** Every v=spf1 TXT record found (more than one is a permerror). */
  records: string[];
  valid: boolean;
  dnsLookups: number;
  voidLookups: number;
  tree: SpfTreeNode | null;
  warnings: SpfWarning[];
  score: number;
};

export type AnalyseOptions = {
  /** Analyse this record text as if published at the domain (to try a change before publishing it). */
  record?: string;
  query?: QueryOptions;
};

const RANK = { error: 0, warning: 1, info: 2 } as const;
const LOOKUP_LIMIT = 10;
const VOID_LIMIT = 2;
const ANSWER_SIZE_HINT = 450; // RFC 7208 §3.4

export async function analyseSpf(
  domainInput: string,
  resolver: Resolver,
  options: AnalyseOptions = {},
): Promise<SpfAnalysis> {
  const domain = domainInput.trim().replace(/\.$/, '').toLowerCase();
  const warnings: SpfWarning[] = [];
  const result = (over: Partial<SpfAnalysis>): SpfAnalysis => {
    const valid =
      over.record !== undefined && over.record !== null && !warnings.some((w) => INVALIDATING.has(w.code));
    return {
      domain,
      record: null,
      records: [],
      dnsLookups: 0,
      voidLookups: 0,
      tree: null,
      ...over,
      valid,
      // Most serious first; includes are walked in parallel, so arrival order is not meaningful.
      warnings: [...warnings].sort((a, b) => RANK[a.severity] - RANK[b.severity]),
      score: scoreSpf(!!over.record || (over.records?.length ?? 0) > 1, warnings),
    };
  };

  const problem = !domain.includes('.') ? 'not a fully qualified domain name' : dnsNameProblem(domain);
  if (problem) {
    warnings.push(
      warning('no_record', domain, `"${domainInput}" is not a valid domain (${problem})`, {
        context: 'spf_invalid',
        domain: domainInput,
        detail: problem,
      }),
    );
    return result({});
  }

  const [found, typeSpf] = await Promise.all([
    options.record !== undefined
      ? proposed(options.record)
      : lookupSpfRecord(domain, resolver, options.query),
    resolver.query(domain, 'SPF', options.query),
  ]);
  if (typeSpf.rcode === 'NOERROR' && typeSpf.answers.length > 0) {
    warnings.push(
      warning(
        'spf_rr_type',
        domain,
        `${domain} still publishes an SPF (type 99) record; RFC 7208 §3.1 retired it: publish TXT only`,
        { domain },
      ),
    );
  }
  if (found.kind === 'none') {
    const why =
      found.reason === 'nxdomain' ? `${domain} does not exist` : `${domain} has no SPF (v=spf1) TXT record`;
    warnings.push(
      warning('no_record', domain, why, {
        context: found.reason === 'nxdomain' ? 'spf_nxdomain' : 'spf',
        domain,
      }),
    );
    return result({});
  }
  if (found.kind !== 'temperror') sizeWarnings(domain, found, options.record, warnings);

  const state: WalkState = { resolver, query: options.query ?? {}, warnings, lookups: 0, voids: 0, nodes: 0 };
  const tree = await walk(state, domain, [], 'top', found);
  if (state.lookups > LOOKUP_LIMIT) {
    warnings.push(
      warning(
        'too_many_lookups',
        domain,
        `the policy needs ${state.lookups} DNS lookups; receivers stop at ${LOOKUP_LIMIT} with permerror (RFC 7208 §4.6.4)`,
        { lookups: state.lookups, limit: LOOKUP_LIMIT },
      ),
    );
  } else if (state.lookups >= LOOKUP_LIMIT - 1) {
    warnings.push(
      warning(
        'near_lookup_limit',
        domain,
        `the policy needs ${state.lookups} DNS lookups, close to the limit of ${LOOKUP_LIMIT}`,
        { lookups: state.lookups, limit: LOOKUP_LIMIT },
      ),
    );
  }
  if (state.voids > VOID_LIMIT) {
    warnings.push(
      warning(
        'too_many_void_lookups',
        domain,
        `${state.voids} lookups find nothing; more than ${VOID_LIMIT} is a permerror (RFC 7208 §4.6.4)`,
        { voids: state.voids, limit: VOID_LIMIT },
      ),
    );
  }
  return result({
    record: found.kind === 'found' ? found.text : null,
    records: found.kind === 'found' ? [found.text] : found.kind === 'multiple' ? found.records : [],
    dnsLookups: state.lookups,
    voidLookups: state.voids,
    tree,
  });
}

function proposed(text: string): RecordLookup {
  return isSpfV1(text)
    ? { kind: 'found', text, chunks: [text], txtRecords: [text] }
    : { kind: 'none', reason: 'no-spf-record', txtRecords: [text] };
}

function sizeWarnings(
  domain: string,
  found: RecordLookup,
  proposedText: string | undefined,
  out: SpfWarning[],
) {
  if (found.kind === 'temperror') return;
  // A DNS character-string holds at most 255 octets (RFC 1035 §3.3); longer records are split (§3.3).
  if (proposedText !== undefined && Buffer.byteLength(proposedText) > 255) {
    out.push(
      warning(
        'string_too_long',
        domain,
        `the record is ${Buffer.byteLength(proposedText)} characters: publish it as several strings of at most 255 (RFC 7208 §3.3)`,
        { size: Buffer.byteLength(proposedText) },
      ),
    );
  }
  const size = domain.length + found.txtRecords.reduce((n, t) => n + Buffer.byteLength(t), 0);
  if (size > ANSWER_SIZE_HINT) {
    out.push(
      warning(
        'record_too_large',
        domain,
        `the TXT records at ${domain} total ${size} octets with the name; over 450 the answer may not fit in UDP (RFC 7208 §3.4)`,
        { domain, size },
      ),
    );
  }
}
