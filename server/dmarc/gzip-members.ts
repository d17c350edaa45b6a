import { crc32, inflateRawSync } from 'node:zlib';

// gzip members (RFC 1952 §2.2) read one by one, for files that zlib's gunzip refuses as a whole because
// bytes follow the last member: mail gateways append line breaks or a signature to attachments. Each
// member's CRC-32 and ISIZE are still checked (§2.3.1), so only what follows intact data is set aside.

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;

export const isMemberStart = (buf: Buffer, at: number) =>
  buf.length - at >= 10 && buf[at] === 0x1f && buf[at + 1] === 0x8b && buf[at + 2] === 8;

/** Offset just past a member's header (§2.3), or null when the header is cut short. */
export function headerEnd(buf: Buffer, at: number): number | null {
  const flags = buf[at + 3];
  let i = at + 10;
  if (flags & FEXTRA) {
    if (i + 2 > buf.length) return null;
    i += 2 + buf.readUInt16LE(i);
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    const nul = buf.indexOf(0, i);
    if (nul < 0) return null;
    i = nul + 1;
  }
  if (flags & FHCRC) i += 2;
  return i <= buf.length ? i : null;
}

export type Members = { output: Buffer; ignoredBytes: number };

/**
 * Inflates every whole member from the start of `buf` and stops at the first byte that does not open
 * another one. Throws (zlib's error or a plain Error) when the first member is damaged or any member's
 * check values do not match. `maxOutput` bounds the total output like gunzipSync's maxOutputLength.
 */
export function inflateMembers(buf: Buffer, maxOutput: number): Members {
  const outputs: Buffer[] = [];
  let total = 0;
  let at = 0;
  while (isMemberStart(buf, at)) {
    const start = headerEnd(buf, at);
    if (start === null) throw new Error('the gzip header is cut short');
    const { buffer, engine } = inflateRawSync(buf.subarray(start), {
      info: true,
      maxOutputLength: Math.max(1, maxOutput - total),
    }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    const trailer = start + engine.bytesWritten;
    if (trailer + 8 > buf.length) throw new Error('the gzip trailer is missing');
    if (
      buf.readUInt32LE(trailer) !== crc32(buffer) ||
      buf.readUInt32LE(trailer + 4) !== buffer.length % 2 ** 32
    )
      throw new Error('the gzip check values do not match the data');
    outputs.push(buffer);
    total += buffer.length;
    at = trailer + 8;
  }
  if (outputs.length === 0) throw new Error('no gzip member');
  return {
    output: outputs.length === 1 ? outputs[0] : Buffer.concat(outputs),
    ignoredBytes: buf.length - at,
  };
}
