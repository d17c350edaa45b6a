import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { layDownSeed } from './seed-untar';

// Body of the PGlite worker (pglite-socket.ts): the embedded database runs on this thread, so its WASM work
// takes the second core while the main thread serves requests and parses reports. It only moves protocol
// bytes: each message is what a client wrote up to a Sync (or a simple Query, or the startup packet), and
// the reply is everything PGlite answered, in the order asked.

export type WorkerRequest = { id: number; bytes: Uint8Array; close?: boolean };
// The first reply (id 0) says whether the new cluster came from the seed.
export type WorkerReply = { id: number; bytes?: Uint8Array; error?: string; seeded?: boolean };

const port = parentPort!;
const { dir, seed } = workerData as { dir: string; seed: string | null };
// A new cluster from the build's seed (db/seed.ts) when the caller found one; else, or if it cannot be laid
// down, PGlite makes one (initdb) in the empty directory.
const seeded = seed !== null && layDownSeed(seed, dir);
if (!seeded) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
const opened = PGlite.create(dir);
let queue: Promise<unknown> = opened;

opened.then(
  () => port.postMessage({ id: 0, seeded } satisfies WorkerReply),
  (e: unknown) =>
    port.postMessage({ id: 0, error: String((e as Error)?.message ?? e) } satisfies WorkerReply),
);

port.on('message', (msg: WorkerRequest) => {
  queue = queue
    .then(async () => {
      const pg = await opened;
      if (msg.close) {
        await pg.close();
        return { id: msg.id } satisfies WorkerReply;
      }
      const bytes = await pg.execProtocolRaw(msg.bytes);
      return { id: msg.id, bytes } satisfies WorkerReply;
    })
    .then(
      // PGlite returns a copy of its answer, so its buffer can move to the main thread without copying.
      (reply) => port.postMessage(reply, reply.bytes ? [reply.bytes.buffer as ArrayBuffer] : []),
      (e: unknown) =>
        port.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) } satisfies WorkerReply),
    );
});
