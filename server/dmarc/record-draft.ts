import * as norm from './normalise';
import type { Warnings } from './limits';
import type {
  AggregateRecord,
  DkimAuthResult,
  ExtensionNode,
  PolicyOverrideReason,
  SpfAuthResult,
} from './types';

// Raw text of one <record> as it streams in; finishRecord validates and normalises it. One draft serves every
// record of a report, its entries reused: about 700 bytes less garbage a record (a heap sampling profile).

export type RawAuth = {
  domain: string | undefined;
  selector: string | undefined;
  scope: string | undefined;
  result: string | undefined;
  human: string | undefined;
};
export type RawReason = { type: string | undefined; comment: string | undefined };

export type RecordDraft = {
  sourceIp: string | undefined;
  count: string | undefined;
  disposition: string | undefined;
  dkim: string | undefined;
  spf: string | undefined;
  headerFrom: string | undefined;
  envelopeFrom: string | undefined;
  envelopeTo: string | undefined;
  /** Entries [0, count) belong to this record; the rest wait for later ones. */
  reasons: RawReason[];
  reasonCount: number;
  dkimResults: RawAuth[];
  dkimCount: number;
  spfResults: RawAuth[];
  spfCount: number;
  extensions: ExtensionNode[];
};

export const newRecordDraft = (): RecordDraft => ({
  sourceIp: undefined,
  count: undefined,
  disposition: undefined,
  dkim: undefined,
  spf: undefined,
  headerFrom: undefined,
  envelopeFrom: undefined,
  envelopeTo: undefined,
  reasons: [],
  reasonCount: 0,
  dkimResults: [],
  dkimCount: 0,
  spfResults: [],
  spfCount: 0,
  extensions: [],
});

/** Empties d for the next record. */
export function clearRecordDraft(d: RecordDraft): void {
  d.sourceIp = d.count = d.disposition = d.dkim = d.spf = undefined;
  d.headerFrom = d.envelopeFrom = d.envelopeTo = undefined;
  d.reasonCount = d.dkimCount = d.spfCount = 0;
  // finishRecord hands the extensions array on with the record.
  if (d.extensions.length > 0) d.extensions = [];
}

/** A new, empty DKIM (or SPF) entry of d. */
export function addAuth(d: RecordDraft, dkim: boolean): RawAuth {
  const list = dkim ? d.dkimResults : d.spfResults;
  const at = dkim ? d.dkimCount++ : d.spfCount++;
  let a = list[at];
  if (a === undefined) {
    a = { domain: undefined, selector: undefined, scope: undefined, result: undefined, human: undefined };
    list.push(a);
  } else a.domain = a.selector = a.scope = a.result = a.human = undefined;
  return a;
}

/** A new, empty policy override reason of d. */
export function addReason(d: RecordDraft): RawReason {
  let r = d.reasons[d.reasonCount++];
  if (r === undefined) d.reasons.push((r = { type: undefined, comment: undefined }));
  else r.type = r.comment = undefined;
  return r;
}

const present = (s: string | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

// The loops below fill arrays made at their final length: push() on [] reserves 17 slots, which for
// 200,000 records of a big report is tens of megabytes of empty capacity.

function reasonsOf(d: RecordDraft, intern: norm.Interner): PolicyOverrideReason[] {
  let kept = 0;
  for (let k = 0; k < d.reasonCount; k++) {
    const r = d.reasons[k];
    if (present(r.type) !== null || present(r.comment) !== null) kept++;
  }
  const out = new Array<PolicyOverrideReason>(kept);
  let at = 0;
  for (let k = 0; k < d.reasonCount; k++) {
    const r = d.reasons[k];
    const type = present(r.type);
    const comment = present(r.comment);
    // An empty <reason/> says nothing; a comment without a type is filed under 'other'.
    if (type === null && comment === null) continue;
    out[at++] = {
      type: intern.get(type ? type.toLowerCase() : 'other'),
      comment: comment && intern.get(comment),
    };
  }
  return out;
}

function dkimOf(d: RecordDraft, index: number, intern: norm.Interner, warnings: Warnings): DkimAuthResult[] {
  const out = new Array<DkimAuthResult>(d.dkimCount);
  for (let k = 0; k < out.length; k++) {
    const a = d.dkimResults[k];
    let result = norm.dkimResult(a.result ?? '');
    if (result === null) {
      warnings.add(`record ${index}: unknown DKIM result ${JSON.stringify(a.result ?? '')}, read as none`);
      result = 'none';
    }
    const selector = present(a.selector);
    const human = present(a.human);
    out[k] = {
      domain: intern.domain(a.domain ?? ''),
      selector: selector && intern.get(selector),
      result,
      humanResult: human && intern.get(human),
    };
  }
  return out;
}

function spfOf(d: RecordDraft, index: number, intern: norm.Interner, warnings: Warnings): SpfAuthResult[] {
  const out = new Array<SpfAuthResult>(d.spfCount);
  for (let k = 0; k < out.length; k++) {
    const a = d.spfResults[k];
    let result = norm.spfResult(a.result ?? '');
    if (result === null) {
      warnings.add(`record ${index}: unknown SPF result ${JSON.stringify(a.result ?? '')}, read as none`);
      result = 'none';
    }
    const human = present(a.human);
    out[k] = {
      domain: intern.domain(a.domain ?? ''),
      scope: norm.spfScope(a.scope ?? ''),
      result,
      humanResult: human && intern.get(human),
    };
  }
  return out;
}

/** Returns the record, or null after adding a warning saying why it was skipped. */
export const finishRecord = (
  d: RecordDraft,
  index: number,
  intern: norm.Interner,
  warnings: Warnings,
): AggregateRecord | null => {
  const ip = intern.ip(d.sourceIp ?? '');
  if (ip === null) {
    warnings.add(
      `record ${index} skipped: source_ip ${JSON.stringify(d.sourceIp?.trim() ?? '')} is not an IP address`,
    );
    return null;
  }
  const count = norm.count(d.count ?? '');
  if (count === null) {
    warnings.add(
      `record ${index} skipped: count ${JSON.stringify(d.count?.trim() ?? '')} is not a whole number`,
    );
    return null;
  }
  if (count === 0) warnings.add(`record ${index} (${ip}) has a count of 0; kept`);

  const disposition = norm.disposition(d.disposition ?? '');
  if (disposition === null)
    warnings.add(`record ${index}: unknown disposition ${JSON.stringify(d.disposition ?? '')}, read as none`);
  const dkim = norm.dmarcVerdict(d.dkim ?? '');
  if (dkim === null)
    warnings.add(
      `record ${index}: unknown policy_evaluated dkim ${JSON.stringify(d.dkim ?? '')}, read as fail`,
    );
  const spf = norm.dmarcVerdict(d.spf ?? '');
  if (spf === null)
    warnings.add(
      `record ${index}: unknown policy_evaluated spf ${JSON.stringify(d.spf ?? '')}, read as fail`,
    );

  const reasons = d.reasonCount === 0 ? [] : reasonsOf(d, intern);
  const headerFrom = intern.domain(d.headerFrom ?? '');
  if (headerFrom === '') warnings.add(`record ${index} (${ip}) has no header_from`);
  const envelopeFrom = present(d.envelopeFrom);
  const envelopeTo = present(d.envelopeTo);

  const record: AggregateRecord = {
    sourceIp: ip,
    count,
    policyEvaluated: {
      disposition: disposition ?? 'none',
      dkim: dkim ?? 'fail',
      spf: spf ?? 'fail',
      reasons,
    },
    identifiers: {
      headerFrom,
      envelopeFrom: envelopeFrom && intern.domain(envelopeFrom),
      envelopeTo: envelopeTo && intern.domain(envelopeTo),
    },
    authResults: { dkim: dkimOf(d, index, intern, warnings), spf: spfOf(d, index, intern, warnings) },
  };
  if (d.extensions.length > 0) record.extensions = d.extensions;
  return record;
};
