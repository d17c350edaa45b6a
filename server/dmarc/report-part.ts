import type { Report } from './types';

// Which bytes a report came from. A file may carry reports of several organizations (a zip of several
// reports, an e-mail with several attachments); each report is stored and served with its own bytes only:
// its document (the XML or JSON) with the gzip layers directly around it, as it stood inside the archive or
// e-mail that held it. A failure report is an ARF message (RFC 5965), so its bytes are that message.

/** A report's own bytes and the file name they had (an attachment's, a zip member's). */
export type ReportPart = { name: string; bytes: Buffer };

/**
 * Where a report found in a layer keeps its bytes: `bytes` null means the whole received input (the input is
 * the report's own document, the common case). A zip member's bytes are filled once the member is read.
 */
export type PartRef = { name: string; bytes: Buffer | null };

export type Found = { report: Report; part: PartRef };

export const wholeInput = (): PartRef => ({ name: '', bytes: null });

/** The outcome's `parts`: null where the received input itself is the report's bytes. */
export const partsOf = (found: Found[]): (ReportPart | null)[] =>
  found.map(({ part }) => (part.bytes === null ? null : { name: part.name, bytes: part.bytes }));
