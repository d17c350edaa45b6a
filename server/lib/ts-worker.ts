import { Worker, type WorkerOptions } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { packageFile, runsFromBuild, serverScript } from './server-files';

// A worker thread running one of the server's scripts (its path under server/, without extension). From the
// build it is plain JavaScript; from the sources, the worker first imports bin/source-hooks.js, which
// registers the TypeScript loader (a development dependency the build must not name).
export function tsWorker(script: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const url = serverScript(script);
  if (runsFromBuild) return new Worker(url, options);
  const hooks = pathToFileURL(packageFile('bin/source-hooks.js')).href;
  const source = `import ${JSON.stringify(hooks)}; await import(${JSON.stringify(url.href)});`;
  return new Worker(source, { ...options, eval: true });
}
