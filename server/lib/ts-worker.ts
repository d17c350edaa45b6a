import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker thread running one of the server's TypeScript files. A worker does not inherit the main thread's
// loader hooks, so it registers tsx's loader first (bin/msas.js does the same for the CLI).
export function tsWorker(url: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`;
  return new Worker(source, { ...options, eval: true });
}
