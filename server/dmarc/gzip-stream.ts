import { crc32, createInflateRaw } from 'node:zlib';
import { headerEnd, isMemberStart } from './gzip-members';
import type { Budget } from './limits';

// gzip (RFC 1952) as a stream, member by member (§2.2): each member's header is read here, its deflate
// data goes through zlib's raw inflater, and its CRC-32 and ISIZE (§2.3.1) are checked against what came
// out. Bytes after the last whole member that do not open another one are set aside and counted, like
// gunzipSmall does for small files: mail gateways append line breaks or a signature to attachments.

/** Input chunks are fed to zlib in pieces of this size, so one write's output stays a few MB at most. */
const feedBytes = 16 * 1024;
/** A header longer than this (a file name or comment without its NUL) is not a gzip header. */
const maxHeaderBytes = 64 * 1024;

/** The chunks still to read, with room to put back what a member did not use. */
class Input {
  private head: Buffer = Buffer.alloc(0);
  private readonly it: AsyncIterator<Buffer>;
  constructor(chunks: AsyncIterable<Buffer>) {
    this.it = chunks[Symbol.asyncIterator]();
  }
  /** The next bytes, at most feedBytes of them; null at the end of the input. */
  async next(): Promise<Buffer | null> {
    if (this.head.length === 0) {
      const r = await this.it.next();
      if (r.done) return null;
      this.head = r.value;
    }
    const piece = this.head.subarray(0, feedBytes);
    this.head = this.head.subarray(piece.length);
    return piece;
  }
  unshift(bytes: Buffer) {
    this.head = this.head.length === 0 ? bytes : Buffer.concat([bytes, this.head]);
  }
  /** At least `n` bytes at the front (fewer only at the end of the input), not consumed. */
  async peek(n: number): Promise<Buffer> {
    while (this.head.length < n) {
      const r = await this.it.next();
      if (r.done) break;
      this.head = Buffer.concat([this.head, r.value]);
    }
    return this.head;
  }
  skip(n: number) {
    this.head = this.head.subarray(n);
  }
  /** Reads the rest and answers how many bytes it held. */
  async drain(): Promise<number> {
    let n = this.head.length;
    this.head = Buffer.alloc(0);
    for (let r = await this.it.next(); !r.done; r = await this.it.next()) n += r.value.length;
    return n;
  }
  async close() {
    await this.it.return?.();
  }
}

/** Reads one member's header (§2.3) and leaves the input at its deflate data. */
async function readHeader(input: Input): Promise<void> {
  for (let want = 10; ; want = Math.min(want * 2, maxHeaderBytes + 1)) {
    const head = await input.peek(want);
    const end = headerEnd(head, 0);
    if (end !== null) return input.skip(end);
    if (head.length < want || want > maxHeaderBytes) throw new Error('the gzip header is cut short');
  }
}

/** One member's deflate data, inflated: yields its output and answers its CRC-32 and length. */
async function* inflateMember(input: Input, budget: Budget): AsyncGenerator<Buffer, [number, number]> {
  const inflater = createInflateRaw();
  let crc = 0;
  let size = 0;
  let failure: unknown = null;
  let out: Buffer[] = [];
  inflater.on('data', (data: Buffer) => {
    if (failure) return;
    try {
      budget.spend(data.length); // chunk by chunk, so a gzip bomb stops at the cap
    } catch (err) {
      failure = err;
      inflater.destroy();
      return;
    }
    crc = crc32(data, crc);
    size += data.length;
    out.push(data);
  });
  inflater.on('error', (err) => (failure ??= err));
  const settled = new Promise<void>((resolve) => inflater.once('close', resolve).once('end', resolve));
  // A write's callback, or the close that follows an error or the budget's stop.
  let closed = false;
  let wake = () => {};
  inflater.once('close', () => {
    closed = true;
    wake();
  });
  const write = (piece: Buffer) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      wake = resolve;
      inflater.write(piece, () => resolve());
    });
  try {
    let written = 0;
    for (;;) {
      const piece = await input.next();
      if (piece === null) {
        // The input ended: zlib answers "unexpected end of file" unless the member's data was complete.
        inflater.end();
        await settled;
        if (failure) throw failure;
        break;
      }
      await write(piece);
      written += piece.length;
      if (failure) throw failure;
      const batch = out;
      out = [];
      yield* batch;
      // zlib stops taking input at the end of the member's deflate data (bytesWritten counts what it took).
      const unused = written - inflater.bytesWritten;
      if (unused > 0) {
        input.unshift(piece.subarray(piece.length - unused));
        break;
      }
    }
    yield* out;
    return [crc >>> 0, size];
  } finally {
    inflater.destroy();
  }
}

/** Told how many bytes followed the gzip data and were set aside. */
export type OnIgnored = (bytes: number) => void;

/** Every member's output in order; a damaged or truncated member throws (zlib's error or a plain Error). */
export async function* inflateMemberStream(
  chunks: AsyncIterable<Buffer>,
  budget: Budget,
  onIgnored: OnIgnored,
): AsyncGenerator<Buffer> {
  const input = new Input(chunks);
  try {
    for (let members = 0; ; members++) {
      const head = await input.peek(10);
      if (head.length === 0 && members > 0) return;
      if (!isMemberStart(head, 0)) {
        if (members === 0) throw new Error('incorrect header check');
        onIgnored(await input.drain());
        return;
      }
      await readHeader(input);
      const [crc, size] = yield* inflateMember(input, budget);
      const trailer = await input.peek(8);
      if (trailer.length < 8) throw new Error('the gzip trailer is missing');
      if (trailer.readUInt32LE(0) !== crc || trailer.readUInt32LE(4) !== size % 2 ** 32)
        throw new Error('the gzip check values do not match the data');
      input.skip(8);
    }
  } finally {
    await input.close();
  }
}
