import type { DkimResultJson, SpfResultJson } from '../../db/schema-reports';

// The auth results a record row holds (migration 0036_record_auth_results) in the records page's wire shape.
// Each DKIM signature keeps a numeric id, stable and unique: the record id × 10^6 + its 1-based position
// (safe integers up to record ids of 9 × 10^9; serial ids stop at 2^31).

/** Signatures a record keeps at ingest, so that positions never reach the next record's ids. */
export const maxDkimPerRecord = 999_999;

export const dkimSignatureId = (recordId: number, position: number): number =>
  recordId * (maxDkimPerRecord + 1) + position;

export const recordDkimSignatures = (recordId: number, list: DkimResultJson[]) =>
  list.map((k, i) => ({
    id: dkimSignatureId(recordId, i + 1),
    attributes: { domain: k.domain, selector: k.selector, result: k.result, human_result: k.human_result },
  }));

export const recordSpfResults = (list: SpfResultJson[]) =>
  list.map((s) => ({ domain: s.domain, scope: s.scope, result: s.result, human_result: s.human_result }));
