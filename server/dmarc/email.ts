import { createHash } from 'node:crypto';
import { parseFailureReport } from './failure-arf';
import { isTextFailureReport, parseTextFailureReport } from './failure-text';
import { Rejection } from './limits';
import { header, headerText, splitMessage, parseHeaders, walkMime, type Header, type MimeLeaf } from './mime';
import type { Found, PartRef } from './report-part';
import { sniff } from './sniff';

// Report e-mail (RFC 7489 section 7.2.1.1, RFC 8460 section 5.3, RFC 6591): every attachment that holds
// a report is parsed (a message may carry several); a message/feedback-report part makes a failure report.

export type ParseNested = (body: Buffer, label: string, part: PartRef) => Promise<Found[]>;

export type EmailResult = { found: Found[]; problems: string[] };

const originalTypes = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers']);
const skippedTypes = new Set(['text/html', 'multipart/alternative', 'message/delivery-status']);

const label = (leaf: MimeLeaf, i: number) =>
  leaf.filename ? JSON.stringify(leaf.filename) : `part ${i + 1}`;

const extensions: Record<string, string> = { gzip: '.gz', zip: '.zip', xml: '.xml', json: '.json' };

/** The name an attachment's bytes are stored under: its file name, else `part-N` with its format's ending. */
const partName = (leaf: MimeLeaf, i: number) =>
  leaf.filename ?? `part-${i + 1}${extensions[sniff(leaf.body.subarray(0, 512))] ?? ''}`;

/** Whether a part may hold a report: judged by content, so an octet-stream or a mislabelled type works. */
const candidate = (leaf: MimeLeaf): boolean => {
  if (skippedTypes.has(leaf.contentType) || originalTypes.has(leaf.contentType)) return false;
  if (leaf.contentType === 'message/feedback-report') return false;
  const format = sniff(leaf.body.subarray(0, 512));
  if (format === 'gzip' || format === 'zip' || format === 'xml' || format === 'json') return true;
  // Anything else is worth a try only when it was sent as an attachment.
  return leaf.filename !== null && format !== 'empty';
};

const kept = new Set(['from', 'date', 'subject', 'message-id']);

/**
 * A failure report's own message when its e-mail carries more than that report: the outer From, Date,
 * Subject and Message-ID (which the report is read from) and its feedback and original parts as they were,
 * in a multipart/report (RFC 6522) of their own. Nothing else of the e-mail goes in.
 */
function arfMessage(outer: Header[], feedback: MimeLeaf, original: MimeLeaf | undefined): Buffer {
  const parts = original ? [feedback.raw, original.raw] : [feedback.raw];
  const boundary = `msas-${createHash('sha256').update(Buffer.concat(parts)).digest('hex').slice(0, 32)}`;
  const head = outer
    .filter((h) => kept.has(h.name))
    .map(
      (h) =>
        `${h.name === 'message-id' ? 'Message-ID' : h.name[0].toUpperCase() + h.name.slice(1)}: ${h.value}`,
    )
    .join('\r\n');
  const open = `${head}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"\r\n\r\n`;
  const pieces: Buffer[] = [Buffer.from(open, 'latin1')];
  for (const p of parts) pieces.push(Buffer.from(`--${boundary}\r\n`), p, Buffer.from('\r\n'));
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/**
 * Reports of one e-mail. `messagePart` is where the e-mail's own bytes are: an attachment's report keeps its
 * attachment; a failure report keeps the whole e-mail when it is the e-mail's only report, else its parts.
 */
export async function parseEmail(
  message: Buffer,
  parseNested: ParseNested,
  messagePart: PartRef,
  keepParts = false,
): Promise<EmailResult> {
  const outer = parseHeaders(splitMessage(message).head);
  const leaves = walkMime(message);
  const found: Found[] = [];
  const problems: string[] = [];
  const failures: { at: number; leaf: MimeLeaf; original: MimeLeaf | undefined }[] = [];
  const hasFeedbackPart = leaves.some((l) => l.contentType === 'message/feedback-report');

  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i];
    // Without a feedback-report part, a failure report may be plain text (failure-text.ts).
    if (
      !hasFeedbackPart &&
      leaf.contentType === 'text/plain' &&
      isTextFailureReport(leaf.body.toString('latin1'))
    ) {
      const original = leaves.find((l) => l.parent === leaf.parent && originalTypes.has(l.contentType));
      try {
        const head = original ? splitMessage(original.body).head : null;
        found.push({
          report: parseTextFailureReport(outer, leaf.body.toString('latin1'), head),
          part: messagePart,
        });
      } catch (err) {
        if (!(err instanceof Rejection)) throw err;
        problems.push(err.message);
      }
      continue;
    }
    if (leaf.contentType === 'message/feedback-report') {
      const original = leaves.find(
        (l) => l.parent === leaf.parent && l !== leaf && originalTypes.has(l.contentType),
      );
      try {
        const report = parseFailureReport({ outer, feedback: leaf.body, original: original?.body ?? null });
        failures.push({ at: found.length, leaf, original });
        found.push({ report, part: messagePart });
      } catch (err) {
        if (!(err instanceof Rejection)) throw err;
        problems.push(err.message);
      }
      continue;
    }
    if (!candidate(leaf)) continue;
    try {
      found.push(
        ...(await parseNested(leaf.body, label(leaf, i), { name: partName(leaf, i), bytes: leaf.body })),
      );
    } catch (err) {
      if (!(err instanceof Rejection) || err.fatal) throw err;
      problems.push(`${label(leaf, i)}: ${err.message}`);
    }
  }
  if (keepParts && (found.length > 1 || problems.length > 0)) {
    for (const { at, leaf, original } of failures) {
      found[at].part = { name: 'failure-report.eml', bytes: arfMessage(outer, leaf, original) };
    }
  }
  return { found, problems };
}

/** The reason an e-mail with no report is rejected. */
export const emailRejection = (message: Buffer, problems: string[]): string => {
  if (problems.length === 1) return problems[0].replace(/^(part \d+|"[^"]*"): /, '');
  if (problems.length > 1) return `No attachment of the e-mail is a report (${problems.join('; ')})`;
  const subject = header(parseHeaders(splitMessage(message).head), 'subject');
  return `The e-mail message holds no DMARC, TLS or failure report${subject ? ` (subject: ${headerText(subject).slice(0, 80)})` : ''}`;
};
