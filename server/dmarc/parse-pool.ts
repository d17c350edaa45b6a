import { tsWorker } from '../lib/ts-worker';
import type { ParseOutcome, ParseOptions } from './types';
import type { ParseReply } from './parse-worker';

// Parsing (gunzip, unzip, XML) off the main thread for bulk imports (off by default: on PostgreSQL the
// server's backends take the second core, and PGlite runs in a worker thread of its own). Files go
// to the worker with the fewest pending; each worker answers in order. The outcome crosses back by
// structured clone (plain objects and Dates: nothing in a ParseOutcome loses its type on the way).

export type ParsePool = {
  parse: (bytes: Buffer, options: ParseOptions) => Promise<ParseOutcome>;
  close: () => Promise<void>;
};

type Pending = { resolve: (o: ParseOutcome) => void; reject: (e: Error) => void };

export function createParsePool(size: number): ParsePool {
  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = tsWorker('dmarc/parse-worker');
    const pending = new Map<number, Pending>();
    const failAll = (e: Error) => {
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    };
    worker.on('message', (reply: ParseReply) => {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      // Idle workers must not keep the process alive; busy ones must.
      if (pending.size === 0) worker.unref();
      if (reply.error !== undefined) p?.reject(new Error(reply.error));
      else p?.resolve(reply.outcome as ParseOutcome);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`parse worker exited (${code})`)));
    worker.unref();
    return { worker, pending };
  });
  let next = 0;
  return {
    parse(bytes, options) {
      const w = workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = next++;
      return new Promise<ParseOutcome>((resolve, reject) => {
        w.pending.set(id, { resolve, reject });
        w.worker.ref();
        w.worker.postMessage({ id, bytes, options });
      });
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
