import { parseFailureReport } from './failure-arf';
import { Rejection } from './limits';
import { header, splitMessage, parseHeaders, walkMime, type MimeLeaf } from './mime';
import { sniff } from './sniff';
import type { Report } from './types';

// Report e-mail (RFC 7489 section 7.2.1.1, RFC 8460 section 5.3, RFC 6591): every attachment that holds
// a report is parsed (a message may carry several); a message/feedback-report part makes a failure report.

export type ParseNested = (body: Buffer, label: string) => Promise<Report[]>;

export type EmailResult = { reports: Report[]; problems: string[] };

const originalTypes = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers']);
const skippedTypes = new Set(['text/html', 'multipart/alternative', 'message/delivery-status']);

const label = (leaf: MimeLeaf, i: number) =>
  leaf.filename ? JSON.stringify(leaf.filename) : `part ${i + 1}`;

/** Whether a part may hold a report: judged by content, so an octet-stream or a mislabelled type works. */
const candidate = (leaf: MimeLeaf): boolean => {
  if (skippedTypes.has(leaf.contentType) || originalTypes.has(leaf.contentType)) return false;
  if (leaf.contentType === 'message/feedback-report') return false;
  const format = sniff(leaf.body.subarray(0, 512));
  if (format === 'gzip' || format === 'zip' || format === 'xml' || format === 'json') return true;
  // Anything else is worth a try only when it was sent as an attachment.
  return leaf.filename !== null && format !== 'empty';
};

export async function parseEmail(message: Buffer, parseNested: ParseNested): Promise<EmailResult> {
  const outer = parseHeaders(splitMessage(message).head);
  const leaves = walkMime(message);
  const reports: Report[] = [];
  const problems: string[] = [];

  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i];
    if (leaf.contentType === 'message/feedback-report') {
      const original = leaves.find(
        (l) => l.parent === leaf.parent && l !== leaf && originalTypes.has(l.contentType),
      );
      try {
        reports.push(parseFailureReport({ outer, feedback: leaf.body, original: original?.body ?? null }));
      } catch (err) {
        if (!(err instanceof Rejection)) throw err;
        problems.push(err.message);
      }
      continue;
    }
    if (!candidate(leaf)) continue;
    try {
      reports.push(...(await parseNested(leaf.body, label(leaf, i))));
    } catch (err) {
      if (!(err instanceof Rejection) || err.fatal) throw err;
      problems.push(`${label(leaf, i)}: ${err.message}`);
    }
  }
  return { reports, problems };
}

/** The reason an e-mail with no report is rejected. */
export const emailRejection = (message: Buffer, problems: string[]): string => {
  if (problems.length === 1) return problems[0].replace(/^(part \d+|"[^"]*"): /, '');
  if (problems.length > 1) return `No attachment of the e-mail is a report (${problems.join('; ')})`;
  const subject = header(parseHeaders(splitMessage(message).head), 'subject');
  return `The e-mail message holds no DMARC, TLS or failure report${subject ? ` (subject: ${subject.slice(0, 80)})` : ''}`;
};
