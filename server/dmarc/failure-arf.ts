import { createHash } from 'node:crypto';
import { Rejection, Warnings } from './limits';
import { header, parseHeaders, splitMessage, type Header } from './mime';
import * as norm from './normalise';
import type { FailureReport } from './types';

// Authentication failure reports: the message/feedback-report part of an ARF message (RFC 5965 section 3)
// with the auth-failure fields of RFC 6591 section 3; the original message or its headers ride along.

export const MAX_ORIGINAL_HEADERS = 64 * 1024;

const all = (fields: Header[], name: string) => fields.filter((f) => f.name === name).map((f) => f.value);
export const angle = (v: string | null) => (v ? v.replace(/^<|>$/g, '').trim() || null : null);

export const dateOf = (v: string | null): Date | null => {
  if (!v) return null;
  // RFC 5322 dates with a trailing "(PDT)" comment or a named zone; Date.parse copes once comments go.
  const t = Date.parse(v.replace(/\([^)]*\)/g, '').trim());
  return Number.isNaN(t) ? null : new Date(t);
};

export const addressDomain = (v: string | null): string | null => {
  const m = v ? /@([A-Za-z0-9.-]+)/.exec(v) : null;
  return m ? norm.domain(m[1]) : null;
};

export type ArfParts = {
  /** Headers of the message that carried the report. */
  outer: Header[];
  feedback: Buffer;
  /** message/rfc822 or text/rfc822-headers part, if any. */
  original: Buffer | null;
};

export function parseFailureReport(parts: ArfParts): FailureReport {
  const fields = parseHeaders(parts.feedback.toString('utf8'));
  const w = new Warnings();
  const feedbackType = (header(fields, 'feedback-type') ?? '').toLowerCase();
  if (feedbackType !== 'auth-failure') {
    throw new Rejection(
      `Not a DMARC failure report: the feedback report is of type ${JSON.stringify(feedbackType || 'none')}, not auth-failure`,
    );
  }

  const originalHead = parts.original ? splitMessage(parts.original).head : null;
  const original = originalHead ? parseHeaders(originalHead) : [];
  const dkimDomain = header(fields, 'dkim-domain');
  // RFC 6591 section 3.1: Reported-Domain is required; fall back on the DKIM domain or the original From.
  let reportedDomain = norm.domain(header(fields, 'reported-domain') ?? '');
  if (!reportedDomain) {
    reportedDomain = (dkimDomain && norm.domain(dkimDomain)) || addressDomain(header(original, 'from')) || '';
    if (!reportedDomain) throw new Rejection('The failure report has no Reported-Domain');
    w.add(`Reported-Domain missing; using ${reportedDomain}`);
  }

  // Source-IP may carry a comment: "148.163.85.135 (sainay.example.org)".
  const rawIp = header(fields, 'source-ip');
  const sourceIp = rawIp ? norm.ipAddress(rawIp.replace(/\(.*\)/, '').trim()) : null;
  if (rawIp && !sourceIp) w.add(`Source-IP ${JSON.stringify(rawIp)} is not an IP address`);

  const arrivalText = header(fields, 'arrival-date') ?? header(fields, 'received-date');
  const arrivalDate = dateOf(arrivalText);
  if (arrivalText && !arrivalDate) w.add(`Arrival-Date ${JSON.stringify(arrivalText)} is not a date`);

  const authFailure = all(fields, 'auth-failure')
    .flatMap((v) => v.split(/[\s,]+/))
    .map((v) => v.toLowerCase())
    .filter(Boolean);
  if (authFailure.length === 0) w.add('Auth-Failure is missing');

  const from = header(parts.outer, 'from');
  const reporter =
    addressDomain(from) ?? norm.domain(header(fields, 'reporting-mta')?.replace(/^dns;\s*/i, '') ?? '');

  const messageId = angle(header(parts.outer, 'message-id'));
  const envelopeId = header(fields, 'original-envelope-id');
  const digest = createHash('sha256').update(parts.feedback);
  if (parts.original) digest.update(parts.original);
  const reportId = messageId ?? envelopeId ?? `sha256:${digest.digest('hex').slice(0, 32)}`;

  return {
    kind: 'failure',
    feedbackType: 'auth-failure',
    reporter: reporter || 'unknown',
    messageId,
    reportId,
    userAgent: header(fields, 'user-agent'),
    version: header(fields, 'version'),
    reportedDomain,
    sourceIp,
    authFailure,
    arrivalDate,
    originalMailFrom: angle(header(fields, 'original-mail-from')),
    originalRcptTo: all(fields, 'original-rcpt-to').map((v) => angle(v) ?? v),
    originalEnvelopeId: envelopeId,
    reportingMta: header(fields, 'reporting-mta'),
    authenticationResults: all(fields, 'authentication-results'),
    deliveryResult: header(fields, 'delivery-result'),
    identityAlignment: header(fields, 'identity-alignment'),
    dkim: {
      domain: dkimDomain ? norm.domain(dkimDomain) : null,
      identity: header(fields, 'dkim-identity'),
      selector: header(fields, 'dkim-selector'),
    },
    spfDns: header(fields, 'spf-dns'),
    reportedUris: all(fields, 'reported-uri'),
    originalHeaders: originalHead ? originalHead.slice(0, MAX_ORIGINAL_HEADERS) : null,
    warnings: w.finish(),
  };
}
