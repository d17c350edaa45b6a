import libmime from 'libmime';

// A small, bounded and lenient MIME walker (RFC 5322 headers, RFC 2045/2046 bodies). Report mail is
// machine-written but often slightly wrong: missing final boundaries, LF line ends, stray spaces after
// boundaries, base64 with junk. It works on one buffer whose size the caller has already capped.

export type Header = { name: string; value: string };

export type MimeLeaf = {
  headers: Header[];
  contentType: string;
  params: Record<string, string>;
  filename: string | null;
  /** Body with the transfer encoding undone. */
  body: Buffer;
  /** The part as it appeared in the message: its headers and its encoded body. */
  raw: Buffer;
  /** Index of the enclosing multipart (-1 at the top), to pair the parts of an ARF report. */
  parent: number;
  /** Content type of the enclosing multipart, with its report-type parameter. */
  parentType: string;
  parentReportType: string | null;
};

const MAX_PARTS = 500;
const MAX_NESTING = 10;
// A Content-Type or Content-Disposition longer than this is junk: the parameters past it are not read, so a
// megabyte of RFC 2231 segments costs no more than a real header.
const MAX_PARAMS_HEADER = 8192;

/** Splits a message into its header block (as text) and body, at the first empty line. */
export const splitMessage = (buf: Buffer): { head: string; body: Buffer } => {
  const text = buf.toString('latin1');
  const m = /\r?\n\r?\n/.exec(text);
  if (m === null) return { head: text, body: Buffer.alloc(0) };
  return { head: text.slice(0, m.index), body: buf.subarray(m.index + m[0].length) };
};

/** Unfolds continuation lines (RFC 5322 section 2.2.3) and splits name: value; junk lines are dropped. */
export const parseHeaders = (head: string): Header[] => {
  const out: Header[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length > 0) {
      out[out.length - 1].value += ' ' + line.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  return out;
};

export const header = (headers: Header[], name: string): string | null =>
  headers.find((h) => h.name === name)?.value ?? null;

/** An unstructured header (Subject) as a person reads it: its encoded-words decoded (RFC 2047 section 4). */
export const headerText = (value: string): string => oneLine(libmime.decodeWords(utf8(value)));

/**
 * type/subtype (lower-case) and parameters (names lower-case), by libmime: quotes and escapes, RFC 2231
 * section 3 continuations (`filename*0*=`, `filename*1*=`, in any order) and section 4 charsets
 * (`filename*=UTF-8''a%21b.zip`), missing values and extra semicolons tolerated.
 */
export const parseContentType = (value: string | null): { type: string; params: Record<string, string> } => {
  if (!value) return { type: 'text/plain', params: {} };
  const parsed = libmime.parseHeaderValue(utf8(value.slice(0, MAX_PARAMS_HEADER)));
  const params = parsed.params;
  // RFC 2047 section 5 keeps encoded-words out of quoted strings, yet Outlook and others send
  // name="=?UTF-8?B?...?=": only the names are decoded (section 4, B and Q), never a boundary.
  for (const key of ['name', 'filename'])
    if (params[key] !== undefined && !parsed.decodedParams.includes(key))
      params[key] = libmime.decodeWords(params[key]);
  return { type: parsed.value.trim().toLowerCase() || 'text/plain', params };
};

// The head is read as latin1 (one byte, one character); an 8-bit header that is valid UTF-8 was written
// as UTF-8 (RFC 6532 section 3.2), anything else stays latin1.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
function utf8(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(value)) return value;
  try {
    return strictUtf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

// A file name is one line: the controls a decoded name may carry (%0A, %00) become "_".
// eslint-disable-next-line no-control-regex
const oneLine = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '_');

export const decodeQuotedPrintable = (body: Buffer): Buffer => {
  const s = body.toString('latin1').replace(/=\r?\n/g, '');
  return Buffer.from(
    s.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
};

const decodeBody = (body: Buffer, encoding: string | null): Buffer => {
  const enc = (encoding ?? '').trim().toLowerCase();
  // Buffer's base64 decoder skips whitespace and stops quietly at junk, which is the leniency wanted here.
  if (enc === 'base64') return Buffer.from(body.toString('latin1'), 'base64');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
};

/** Cuts a multipart body at its boundary lines; a missing closing boundary ends at the end of the body. */
export const splitMultipart = (body: Buffer, boundary: string): Buffer[] => {
  const text = body.toString('latin1');
  const delimiter = '--' + boundary;
  const parts: Buffer[] = [];
  let start = -1;
  let pos = 0;
  while (pos <= text.length) {
    const at = text.indexOf(delimiter, pos);
    if (at < 0) break;
    const lineStart = at === 0 || text[at - 1] === '\n';
    const lineEnd = text.indexOf('\n', at);
    const rest = text.slice(at + delimiter.length, lineEnd < 0 ? text.length : lineEnd);
    if (!lineStart || !/^(--)?[ \t\r]*$/.test(rest)) {
      pos = at + delimiter.length;
      continue;
    }
    if (start >= 0) parts.push(body.subarray(start, at > 0 && text[at - 2] === '\r' ? at - 2 : at - 1));
    if (rest.startsWith('--')) return parts;
    start = lineEnd < 0 ? text.length : lineEnd + 1;
    pos = start;
  }
  if (start >= 0 && start < body.length) parts.push(body.subarray(start));
  return parts;
};

/** Every leaf part of a message, depth-first. message/rfc822 parts are leaves (the caller decides). */
export function walkMime(message: Buffer): MimeLeaf[] {
  const leaves: MimeLeaf[] = [];
  let multiparts = 0;
  let parts = 0;
  const visit = (
    buf: Buffer,
    parent: number,
    parentType: string,
    parentReportType: string | null,
    depth: number,
  ) => {
    if (++parts > MAX_PARTS) return;
    const { head, body } = splitMessage(buf);
    const headers = parseHeaders(head);
    const ct = parseContentType(header(headers, 'content-type'));
    if (ct.type.startsWith('multipart/') && depth < MAX_NESTING) {
      const boundary = ct.params.boundary ?? guessBoundary(body);
      if (boundary) {
        const id = multiparts++;
        for (const p of splitMultipart(body, boundary))
          visit(p, id, ct.type, ct.params['report-type'] ?? null, depth + 1);
        return;
      }
    }
    const disposition = parseContentType(header(headers, 'content-disposition'));
    leaves.push({
      headers,
      contentType: ct.type,
      params: ct.params,
      filename: nameOf(disposition.params.filename ?? ct.params.name),
      body: decodeBody(body, header(headers, 'content-transfer-encoding')),
      raw: buf,
      parent,
      parentType,
      parentReportType: parentReportType?.toLowerCase() ?? null,
    });
  };
  visit(message, -1, '', null, 0);
  return leaves;
}

const nameOf = (name: string | undefined) => (name ? oneLine(name) : null);

/** A multipart without a boundary parameter: take the first line that looks like one. */
function guessBoundary(body: Buffer): string | null {
  const m = /^--([^\r\n]{1,70}?)[ \t]*\r?$/m.exec(body.subarray(0, 4096).toString('latin1'));
  return m ? m[1] : null;
}
