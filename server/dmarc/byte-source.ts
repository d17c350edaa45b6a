import { Readable } from 'node:stream';
import { Rejection } from './limits';

// A byte stream whose first bytes can be looked at (format sniffing) before it is consumed once.

const CHUNK = 64 * 1024;

export class ByteSource {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private done = false;
  private consumed = false;

  constructor(private readonly iterator: AsyncIterator<unknown>) {}

  static from(input: Buffer | Uint8Array | Readable | AsyncIterable<unknown>): ByteSource {
    if (Buffer.isBuffer(input) || input instanceof Uint8Array) {
      const buf = Buffer.isBuffer(input)
        ? input
        : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
      return new ByteSource(sliceIterator(buf));
    }
    return new ByteSource((input as AsyncIterable<unknown>)[Symbol.asyncIterator]());
  }

  /** Up to n bytes from the start, without consuming them. */
  async peek(n: number): Promise<Buffer> {
    while (this.pendingBytes < n && !this.done) {
      const next = await this.pull();
      if (next === null) break;
      this.pending.push(next);
      this.pendingBytes += next.length;
    }
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = all && all.length > 0 ? [all] : [];
    return all ? all.subarray(0, n) : Buffer.alloc(0);
  }

  /** The whole stream when it holds at most n bytes (then consumed), else null (nothing consumed). */
  async whole(n: number): Promise<Buffer | null> {
    const head = await this.peek(n + 1);
    if (head.length > n || !this.done || this.consumed) return null;
    this.consumed = true;
    this.pending = [];
    this.pendingBytes = 0;
    return head;
  }

  async *chunks(): AsyncGenerator<Buffer> {
    if (this.consumed) throw new Error('ByteSource read twice');
    this.consumed = true;
    while (this.pending.length > 0) {
      const b = this.pending.shift() as Buffer;
      this.pendingBytes -= b.length;
      yield b;
    }
    for (;;) {
      const next = await this.pull();
      if (next === null) return;
      yield next;
    }
  }

  /** The whole stream as one buffer, rejecting with `reason` beyond `max` bytes. */
  async readAll(max: number, reason: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const c of this.chunks()) {
      size += c.length;
      if (size > max) throw new Rejection(reason);
      parts.push(c);
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
  }

  /** Stops the underlying stream (destroys a Readable) when parsing ends early. */
  async close(): Promise<void> {
    this.done = true;
    this.pending = [];
    await this.iterator.return?.();
  }

  private async pull(): Promise<Buffer | null> {
    if (this.done) return null;
    for (;;) {
      const r = await this.iterator.next();
      if (r.done) {
        this.done = true;
        return null;
      }
      const v = r.value;
      const buf = Buffer.isBuffer(v)
        ? v
        : typeof v === 'string'
          ? Buffer.from(v)
          : Buffer.from(v as Uint8Array);
      if (buf.length > 0) return buf;
    }
  }
}

function sliceIterator(buf: Buffer): AsyncIterator<Buffer> {
  let offset = 0;
  return {
    next: async () => {
      if (offset >= buf.length) return { done: true, value: undefined };
      const chunk = buf.subarray(offset, offset + CHUNK);
      offset += CHUNK;
      return { done: false, value: chunk };
    },
  };
}
