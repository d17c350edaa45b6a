import { Rejection, Warnings } from './limits';
import * as norm from './normalise';
import type { TlsFailureDetail, TlsPolicyResult, TlsReport } from './types';

// SMTP TLS reports, RFC 8460 section 4 (JSON). Missing counts read as 0 with a warning; a policy
// without a policy-domain cannot be attributed to anyone and is skipped.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;
const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter((s): s is string => typeof s === 'string');
const knownPolicyTypes = new Set(['sts', 'tlsa', 'no-policy-found']);

const sessionCount = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
    ? v
    : typeof v === 'string'
      ? norm.count(v)
      : null;

const date = (v: unknown): Date | null => {
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t);
};

export function parseTlsJson(bytes: Buffer): TlsReport {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch (err) {
    throw new Rejection(`Not a TLS report: the JSON is malformed (${(err as Error).message})`);
  }
  if (!isObj(doc) || !('policies' in doc || 'organization-name' in doc || 'report-id' in doc)) {
    throw new Rejection('Not a TLS report: the JSON has no organization-name, report-id or policies');
  }
  const w = new Warnings();
  const reportId = str(doc['report-id']);
  if (!reportId) throw new Rejection('The TLS report has no report-id');
  const range = isObj(doc['date-range']) ? doc['date-range'] : {};
  const start = date(range['start-datetime']);
  const end = date(range['end-datetime']);
  if (!start || !end) throw new Rejection('The TLS report has no valid date-range');
  if (!Array.isArray(doc.policies)) throw new Rejection('The TLS report has no policies list');

  const contactInfo = str(doc['contact-info']);
  let organizationName = str(doc['organization-name']) ?? '';
  if (!organizationName) {
    const at = contactInfo?.lastIndexOf('@') ?? -1;
    organizationName = contactInfo && at >= 0 ? norm.domain(contactInfo.slice(at + 1)) : 'unknown';
    w.add(`organization-name is empty; using ${JSON.stringify(organizationName)}`);
  }

  const policies: TlsPolicyResult[] = [];
  doc.policies.forEach((entry: unknown, i: number) => {
    const p = parsePolicy(entry, i + 1, w);
    if (p) policies.push(p);
  });
  if (policies.length === 0) throw new Rejection('The TLS report has no policy with a policy-domain');
  return {
    kind: 'tls',
    organizationName,
    dateRange: { start, end },
    contactInfo,
    reportId,
    policies,
    warnings: w.finish(),
  };
}

function parsePolicy(entry: unknown, n: number, w: Warnings): TlsPolicyResult | null {
  const where = `policy ${n}`;
  const policy = isObj(entry) && isObj(entry.policy) ? entry.policy : null;
  const domain = policy ? norm.domain(str(policy['policy-domain']) ?? '') : '';
  if (!policy || !domain) {
    w.add(`${where} skipped: it has no policy-domain`);
    return null;
  }
  const type = (str(policy['policy-type']) ?? '').toLowerCase();
  if (!knownPolicyTypes.has(type)) w.add(`${where}: unknown policy-type ${JSON.stringify(type)}`);
  const summary = isObj((entry as Obj).summary) ? ((entry as Obj).summary as Obj) : {};
  const ok = sessionCount(summary['total-successful-session-count']);
  const failed = sessionCount(summary['total-failure-session-count']);
  if (ok === null) w.add(`${where}: total-successful-session-count missing or invalid, read as 0`);
  if (failed === null) w.add(`${where}: total-failure-session-count missing or invalid, read as 0`);

  const details: TlsFailureDetail[] = [];
  const rawDetails = (entry as Obj)['failure-details'];
  (Array.isArray(rawDetails) ? rawDetails : []).forEach((d: unknown, j: number) => {
    const resultType = isObj(d) ? str(d['result-type']) : null;
    const count = isObj(d) ? sessionCount(d['failed-session-count']) : null;
    if (!isObj(d) || !resultType || count === null) {
      w.add(`${where} failure-details ${j + 1} skipped: no result-type or failed-session-count`);
      return;
    }
    const ip = (k: string) => {
      const raw = str(d[k]);
      return raw === null ? null : (norm.ipAddress(raw) ?? raw);
    };
    details.push({
      resultType: resultType.toLowerCase(),
      sendingMtaIp: ip('sending-mta-ip'),
      receivingMxHostname: str(d['receiving-mx-hostname']),
      receivingMxHelo: str(d['receiving-mx-helo']),
      receivingIp: ip('receiving-ip'),
      failedSessionCount: count,
      additionalInformation: str(d['additional-information']),
      failureReasonCode: str(d['failure-reason-code']),
    });
  });

  return {
    policy: { type, string: strings(policy['policy-string']), domain, mxHost: strings(policy['mx-host']) },
    summary: { totalSuccessfulSessionCount: ok ?? 0, totalFailureSessionCount: failed ?? 0 },
    failureDetails: details,
  };
}
