import { Worker, type WorkerOptions } from 'node:worker_threads';
import { runsFromBuild, serverScript } from './server-files';

// A worker thread running one of the server's scripts (its path under server/, without extension). From the
// build it is plain JavaScript; from the sources, a worker does not inherit the main thread's loader hooks,
// so it registers tsx's loader first (bin/msas.js does the same for the CLI).
export function tsWorker(script: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const url = serverScript(script);
  if (runsFromBuild) return new Worker(url, options);
  const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`;
  return new Worker(source, { ...options, eval: true });
}
