import { Worker } from 'node:worker_threads';
import type { ParseOutcome, ParseOptions } from './types';
import type { ParseReply } from './parse-worker';

// Parsing (gunzip, unzip, XML) off the main thread for bulk imports: on PGlite the database runs as WASM on
// the main thread, so parsing there takes turns with it; in a worker it runs on the other core. Files go
// to the worker with the fewest pending; each worker answers in order. The outcome crosses back by
// structured clone (plain objects and Dates: nothing in a ParseOutcome loses its type on the way).

export type ParsePool = {
  parse: (bytes: Buffer, options: ParseOptions) => Promise<ParseOutcome>;
  close: () => Promise<void>;
};

type Pending = { resolve: (o: ParseOutcome) => void; reject: (e: Error) => void };

// The worker is TypeScript like the rest of the server: it registers tsx's loader first (bin/msas.js does
// the same for the CLI), since a worker does not inherit the main thread's loader hooks.
const bootstrap = (url: string) =>
  `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url)});`;

export function createParsePool(size: number): ParsePool {
  const url = new URL('./parse-worker.ts', import.meta.url).href;
  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = new Worker(bootstrap(url), { eval: true });
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
