import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { operationFacts } from './scripts/vite-operation-facts';

const apiPort = Number(process.env.API_PORT ?? 8081);
const api = `http://127.0.0.1:${apiPort}`;

// One config for the SPA build, the dev server and every test project.
export default defineConfig({
  plugins: [react(), operationFacts()],
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 800 },
  server: { port: 5173, proxy: { '/api': api, '/checks': api, '/healthz': api } },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Above the 15 s of findBy*/waitFor (src/test/setup.ts), so a slow first render fails as a
          // missing element, not as a timeout.
          testTimeout: 30_000,
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template.setup.ts', 'tests/support/server-build.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Files share one module cache: each opens its own database and app, so re-importing the whole
          // server per file (most of a phase's time) buys nothing. The one module state that names a
          // database, the queue's schema, is set and reset by tests/integration/support.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template.setup.ts', 'tests/support/server-build.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
