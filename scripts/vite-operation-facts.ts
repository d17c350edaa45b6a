import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

// Of a descriptor (contract/operation.ts) the SPA needs at run time only what goes on the wire: method, path,
// auth and the body's encoding; its zod schemas serve the server and the types. In the SPA's build each
// contract/operations module is replaced by those facts, read from the module itself, so zod does not ride
// into the browser with every call (the login route's budget, npm run check:bundle). Tests and the server use
// the modules as they are.
const operationsModule = /[\\/]contract[\\/]operations[\\/][\w-]+\.ts$/;
type Descriptor = { method: string; path: string; auth: string; encoding?: string };

const isDescriptor = (value: unknown): value is Descriptor =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value;

function factsOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => isDescriptor(v))) return value;
  return Object.fromEntries(
    entries.map(([name, d]) => {
      const { method, path, auth, encoding } = d as Descriptor;
      return [name, { method, path, auth, ...(encoding ? { encoding } : {}) }];
    }),
  );
}

export function operationFacts(): Plugin {
  return {
    name: 'msas-operation-facts',
    apply: 'build',
    async load(id) {
      if (!operationsModule.test(id)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const exported = (await tsImport(pathToFileURL(id).href, import.meta.url)) as Record<string, unknown>;
      return Object.entries(exported)
        .filter(([name]) => name !== 'default')
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(factsOf(value))};`)
        .join('\n');
    },
  };
}
