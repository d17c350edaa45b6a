import * as norm from './normalise';
import type { Warnings } from './limits';
import type {
  AggregateRecord,
  DkimAuthResult,
  ExtensionNode,
  PolicyOverrideReason,
  SpfAuthResult,
} from './types';

// Raw text of one <record> as it streams in; finishRecord validates and normalises it.

export type RawAuth = { domain?: string; selector?: string; scope?: string; result?: string; human?: string };

export type RecordDraft = {
  sourceIp?: string;
  count?: string;
  disposition?: string;
  dkim?: string;
  spf?: string;
  reasons: { type?: string; comment?: string }[];
  headerFrom?: string;
  envelopeFrom?: string;
  envelopeTo?: string;
  dkimResults: RawAuth[];
  spfResults: RawAuth[];
  extensions: ExtensionNode[];
};

export const newRecordDraft = (): RecordDraft => ({
  reasons: [],
  dkimResults: [],
  spfResults: [],
  extensions: [],
});

const present = (s: string | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/** Returns the record, or null after adding a warning saying why it was skipped. */
export const finishRecord = (
  d: RecordDraft,
  index: number,
  intern: norm.Interner,
  warnings: Warnings,
): AggregateRecord | null => {
  const where = `record ${index}`;
  const ip = norm.ipAddress(d.sourceIp ?? '');
  if (ip === null) {
    warnings.add(
      `${where} skipped: source_ip ${JSON.stringify(d.sourceIp?.trim() ?? '')} is not an IP address`,
    );
    return null;
  }
  const count = norm.count(d.count ?? '');
  if (count === null) {
    warnings.add(`${where} skipped: count ${JSON.stringify(d.count?.trim() ?? '')} is not a whole number`);
    return null;
  }
  if (count === 0) warnings.add(`${where} (${ip}) has a count of 0; kept`);

  const disposition = norm.disposition(d.disposition ?? '');
  if (disposition === null)
    warnings.add(`${where}: unknown disposition ${JSON.stringify(d.disposition ?? '')}, read as none`);
  const dkim = norm.dmarcVerdict(d.dkim ?? '');
  if (dkim === null)
    warnings.add(`${where}: unknown policy_evaluated dkim ${JSON.stringify(d.dkim ?? '')}, read as fail`);
  const spf = norm.dmarcVerdict(d.spf ?? '');
  if (spf === null)
    warnings.add(`${where}: unknown policy_evaluated spf ${JSON.stringify(d.spf ?? '')}, read as fail`);

  const reasons: PolicyOverrideReason[] = d.reasons
    .map((r) => ({ type: present(r.type), comment: present(r.comment) }))
    // An empty <reason/> says nothing; a comment without a type is filed under 'other'.
    .filter((r) => r.type !== null || r.comment !== null)
    .map((r) => ({
      type: intern.get(r.type ? r.type.toLowerCase() : 'other'),
      comment: r.comment && intern.get(r.comment),
    }));

  const headerFrom = norm.domain(d.headerFrom ?? '');
  if (headerFrom === '') warnings.add(`${where} (${ip}) has no header_from`);
  const envelopeFrom = present(d.envelopeFrom);
  const envelopeTo = present(d.envelopeTo);

  // Arrays are built with map(), not push(): push() on [] reserves 17 slots, which for 200,000 records of
  // a big report is tens of megabytes of empty capacity.
  const dkimResults: DkimAuthResult[] = d.dkimResults.map((a) => {
    let result = norm.dkimResult(a.result ?? '');
    if (result === null) {
      warnings.add(`${where}: unknown DKIM result ${JSON.stringify(a.result ?? '')}, read as none`);
      result = 'none';
    }
    const selector = present(a.selector);
    const human = present(a.human);
    return {
      domain: intern.get(norm.domain(a.domain ?? '')),
      selector: selector && intern.get(selector),
      result,
      humanResult: human && intern.get(human),
    };
  });
  const spfResults: SpfAuthResult[] = d.spfResults.map((a) => {
    let result = norm.spfResult(a.result ?? '');
    if (result === null) {
      warnings.add(`${where}: unknown SPF result ${JSON.stringify(a.result ?? '')}, read as none`);
      result = 'none';
    }
    const human = present(a.human);
    return {
      domain: intern.get(norm.domain(a.domain ?? '')),
      scope: norm.spfScope(a.scope ?? ''),
      result,
      humanResult: human && intern.get(human),
    };
  });

  const record: AggregateRecord = {
    sourceIp: intern.get(ip),
    count,
    policyEvaluated: {
      disposition: disposition ?? 'none',
      dkim: dkim ?? 'fail',
      spf: spf ?? 'fail',
      reasons,
    },
    identifiers: {
      headerFrom: intern.get(headerFrom),
      envelopeFrom: envelopeFrom && intern.get(norm.domain(envelopeFrom)),
      envelopeTo: envelopeTo && intern.get(norm.domain(envelopeTo)),
    },
    authResults: { dkim: dkimResults, spf: spfResults },
  };
  if (d.extensions.length > 0) record.extensions = d.extensions;
  return record;
};
