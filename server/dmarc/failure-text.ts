import { createHash } from 'node:crypto';
import { addressDomain, angle, dateOf, MAX_ORIGINAL_HEADERS } from './failure-arf';
import { Rejection, Warnings } from './limits';
import { header, parseHeaders, type Header } from './mime';
import * as norm from './normalise';
import type { FailureReport } from './types';

// Failure reports written only as text, with no message/feedback-report part: Exim's DMARC forensic
// report ("A message claiming to be from you has failed the published DMARC policy for your domain."),
// then "Name: value" lines (Sender Domain, Sender IP Address, Received Date, SPF Alignment, DKIM
// Alignment, DMARC Results), then a "------ This is a copy of ..." line and the original headers.

const marker = /A message claiming to be from you has failed/i;

export const isTextFailureReport = (text: string): boolean => marker.test(text);

const fieldLine = /^\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*\S)\s*$/;
const headerLine = /^[!-9;-~]+:/;

/** The "Name: value" lines between the opening sentence and the copy line, keyed lower-case-with-dashes. */
function fieldsOf(lines: string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of lines) {
    const m = fieldLine.exec(line);
    if (m) fields.set(m[1].toLowerCase().replace(/\s+/g, '-'), m[2]);
  }
  return fields;
}

/** The header block after the copy line (which may wrap onto indented lines), up to the first blank line. */
function copiedHeaders(lines: string[]): string | null {
  let i = 0;
  while (i < lines.length && !headerLine.test(lines[i])) i += 1;
  const end = lines.indexOf('', i);
  const block = lines.slice(i, end < 0 ? undefined : end).join('\r\n');
  return block ? block.slice(0, MAX_ORIGINAL_HEADERS) : null;
}

// RFC 6591 §3.2 Identity-Alignment: "none", or the aligned identifiers separated by commas.
const alignment = (spf: string | undefined, dkim: string | undefined): string | null => {
  if (spf === undefined && dkim === undefined) return null;
  const yes = (v: string | undefined) => /^(yes|pass|true)$/i.test(v ?? '');
  const aligned = [yes(spf) && 'spf', yes(dkim) && 'dkim'].filter(Boolean);
  return aligned.length > 0 ? aligned.join(',') : 'none';
};

// RFC 7489 §6.3: quarantine means "treat as suspicious" (RFC 6591's Delivery-Result "spam").
const deliveryResults: Record<string, string> = { reject: 'reject', quarantine: 'spam' };

/** `outer`: headers of the report's e-mail; `body`: the text part; `original`: a separate headers part. */
export function parseTextFailureReport(
  outer: Header[],
  body: string,
  original: string | null,
): FailureReport {
  const lines = body.split(/\r?\n/);
  const copyAt = lines.findIndex((l) => l.startsWith('------'));
  const fields = fieldsOf(copyAt < 0 ? lines : lines.slice(0, copyAt));
  const originalHeaders = original ?? (copyAt < 0 ? null : copiedHeaders(lines.slice(copyAt + 1)));
  const originalFields = originalHeaders ? parseHeaders(originalHeaders) : [];
  const w = new Warnings();

  const reportedDomain =
    norm.domain(fields.get('sender-domain') ?? '') || addressDomain(header(originalFields, 'from'));
  if (!reportedDomain) throw new Rejection('The text failure report names no Sender Domain');
  const rawIp = fields.get('sender-ip-address') ?? fields.get('source-ip') ?? null;
  const sourceIp = rawIp ? norm.ipAddress(rawIp) : null;
  if (rawIp && !sourceIp) w.add(`Sender IP Address ${JSON.stringify(rawIp)} is not an IP address`);
  const dateText = fields.get('received-date') ?? fields.get('arrival-date') ?? null;
  const arrivalDate = dateOf(dateText);
  if (dateText && !arrivalDate) w.add(`Received Date ${JSON.stringify(dateText)} is not a date`);
  const dmarcResult = (fields.get('dmarc-results') ?? '').toLowerCase();

  const messageId = angle(header(outer, 'message-id'));
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return {
    kind: 'failure',
    feedbackType: 'auth-failure',
    reporter: addressDomain(header(outer, 'from')) ?? 'unknown',
    messageId,
    reportId: messageId ?? `sha256:${digest}`,
    userAgent: null,
    version: null,
    reportedDomain,
    sourceIp,
    authFailure: ['dmarc'],
    arrivalDate,
    originalMailFrom: angle(header(originalFields, 'return-path')),
    originalRcptTo: [],
    originalEnvelopeId: null,
    reportingMta: null,
    authenticationResults: [],
    deliveryResult: deliveryResults[dmarcResult] ?? null,
    identityAlignment: alignment(fields.get('spf-alignment'), fields.get('dkim-alignment')),
    dkim: { domain: null, identity: null, selector: null },
    spfDns: null,
    reportedUris: [],
    originalHeaders,
    warnings: w.finish(),
  };
}
