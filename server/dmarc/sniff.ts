// Detects what a byte stream holds from its first bytes (magic numbers), never from a file name.

export type Format = 'empty' | 'gzip' | 'zip' | 'xml' | 'json' | 'email' | 'unknown';

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

const otherFormats: [number[], string][] = [
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x42, 0x5a, 0x68], 'a bzip2 archive, which is not supported'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive, which is not supported'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive, which is not supported'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a], 'an xz archive, which is not supported'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
];

/** Explains an 'unknown' format to a person. */
export const describeUnknown = (head: Buffer): string => {
  for (const [magic, what] of otherFormats) if (startsWith(head, magic)) return `the file is ${what}`;
  return 'the file format is not recognised';
};

// An RFC 5322 header field name followed by a colon; 'From ' opens an mbox-style message.
const headerLine = /^(?:From [^\r\n]*\r?\n)?[!-9;-~]+[ \t]*:/;

export const sniff = (head: Buffer): Format => {
  if (head.length === 0) return 'empty';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x50, 0x4b, 0x07, 0x08])) return 'zip';
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'xml';
  const text = head.toString('latin1').replace(/^\xEF\xBB\xBF/, '');
  const trimmed = text.trimStart();
  if (trimmed === '') return 'empty';
  if (trimmed.startsWith('<')) return 'xml';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'json';
  if (headerLine.test(text)) return 'email';
  return 'unknown';
};
