import { Duplex } from 'node:stream';
import { tsWorker } from '../lib/ts-worker';
import type { WorkerReply, WorkerRequest } from './pglite-worker';

// PGlite (PostgreSQL compiled to WASM) runs on the thread that calls it. On the main thread every
// statement's work would take turns with HTTP requests and report parsing; here it runs in a worker thread
// and node-postgres talks to it through a socket-like stream, so the embedded database and PostgreSQL share
// one driver (pg, with Kysely's PostgresDialect), the same parameter serialisation and the same result types.

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (e: Error) => void };

export type PGliteWorker = {
  /** A new stream speaking the PostgreSQL protocol (frontend side) to the worker's PGlite. */
  socket: () => Duplex;
  /** The cluster was new and laid down from the seed. */
  seeded: boolean;
  close: () => Promise<void>;
};

/**
 * seed: a gzip tarball of a cluster to lay down at `dir`, which does not exist yet (db/seed.ts). onStart runs once the
 * thread exists, while PGlite opens in it (seconds): the caller's own work meanwhile.
 */
export async function startPGliteWorker(
  dir: string,
  seed: string | null,
  onStart?: () => void,
): Promise<PGliteWorker> {
  const worker = tsWorker('db/pglite-worker', { workerData: { dir, seed } });
  const pending = new Map<number, Pending>();
  let next = 1;
  let stopped: Error | null = null;
  let seeded = false;
  const failAll = (e: Error) => {
    stopped ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (reply: WorkerReply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    // An idle database must not keep the process alive (PGlite on the main thread would not either).
    if (pending.size === 0) worker.unref();
    if (reply.id === 0) seeded = reply.seeded === true;
    if (reply.error !== undefined) p?.reject(new Error(reply.error));
    else p?.resolve(reply.bytes ?? new Uint8Array());
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`database worker exited (${code})`)));

  const send = (msg: Omit<WorkerRequest, 'id'> | null, id = next++) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (stopped) return reject(stopped);
      pending.set(id, { resolve, reject });
      worker.ref();
      if (msg) worker.postMessage({ ...msg, id });
    });
  // id 0 is the worker's own answer: PGlite opened, or why it could not (then the thread goes too).
  const opened = send(null, 0);
  onStart?.();
  try {
    await opened;
  } catch (e) {
    await worker.terminate();
    throw e;
  }

  return {
    socket: () => new PGliteStream((bytes) => send({ bytes })),
    seeded,
    close: async () => {
      if (stopped) return;
      await send({ bytes: new Uint8Array(), close: true });
      await worker.terminate();
    },
  };
}

// Frontend messages are framed as type byte + int32 length (the startup packet has no type byte: PostgreSQL
// manual, "Message Formats"). They are gathered until one the backend answers at once, then sent as one
// batch, so an extended-protocol query is one trip to the worker.
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'

class PGliteStream extends Duplex {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private started = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly exec: (bytes: Uint8Array) => Promise<Uint8Array>) {
    super();
  }

  // net.Socket's surface that pg calls.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  // pg corks the stream around a query's messages (Parse, Bind, Describe, Execute, Sync): they arrive here
  // together and are joined once. Through _write alone each message would copy again all buffered before it,
  // the Bind with its column arrays included.
  override _writev(chunks: { chunk: Buffer }[], callback: (e?: Error | null) => void): void {
    const all = chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk));
    this.receive(all, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (e?: Error | null) => void): void {
    this.receive(chunk, callback);
  }

  private receive(chunk: Buffer, callback: (e?: Error | null) => void): void {
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    let all = this.buffered.length === 1 ? chunk : Buffer.concat(this.buffered, this.bufferedBytes);
    let offset = 0;
    let sendUpTo = 0;
    let terminate = false;
    if (!this.started) {
      if (all.length < 4 || all.length < all.readInt32BE(0)) return this.keep(all, callback);
      this.started = true;
      offset = sendUpTo = all.readInt32BE(0);
    }
    while (offset + 5 <= all.length) {
      const type = all[offset]!;
      const end = offset + 1 + all.readInt32BE(offset + 1);
      if (end > all.length) break;
      if (type === TERMINATE) {
        terminate = true;
        all = all.subarray(0, offset);
        break;
      }
      offset = end;
      if (type === SYNC || type === QUERY || type === FLUSH) sendUpTo = end;
    }
    if (sendUpTo > 0) this.forward(all.subarray(0, sendUpTo));
    if (terminate) {
      this.buffered = [];
      this.bufferedBytes = 0;
      this.chain.then(() => this.push(null));
      return callback();
    }
    this.keep(all.subarray(sendUpTo), callback);
  }

  override _final(callback: (e?: Error | null) => void): void {
    this.chain.then(() => {
      this.push(null);
      callback();
    });
  }

  private keep(rest: Buffer, callback: () => void) {
    this.buffered = rest.length ? [rest] : [];
    this.bufferedBytes = rest.length;
    callback();
  }

  private forward(bytes: Buffer) {
    const reply = this.exec(bytes);
    this.chain = this.chain.then(() =>
      reply.then(
        (answer) => {
          if (answer.length) this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
        },
        (e: Error) => {
          this.destroy(e);
        },
      ),
    );
  }
}
