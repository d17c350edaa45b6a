// Flat ESLint config: JS recommended + typescript-eslint recommended (syntax only, no type information,
// so lint stays fast) + react-hooks recommended for the SPA.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';

// The `globals` package is not a dependency; plain .js/.mjs files here only run under Node.
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'fetch',
    'AbortController',
    'structuredClone',
  ].map((name) => [name, 'readonly']),
);

const sharedArea = 'server/modules/shared/**';
const seamMessage =
  "Another area's internals: import its face instead (e.g. '../auth', its index.ts) or move what both use to server/modules/shared or server/lib.";

const featureSeamMessage =
  "Another feature's internals: import its face instead (e.g. '../../domains', its index.ts) or move what both use to src/components.";
const spaTestFiles = ['**/*.test.tsx', 'src/**/testing/**', 'src/features/*/testing.ts'];
// API modules another change rewrites; they still import other features' modules directly.
const pendingApiModules = [
  'src/features/analytics/analyticsApi.ts',
  'src/features/digests/digestsApi.ts',
  'src/features/dns/dnsApi.ts',
];

// An import whose specifier matches `regex` is an error in `files` (test files and `ignores` excepted).
const restrictImports = (files, regex, message, ignores = []) => ({
  files,
  ignores: ['**/*.test.ts', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
});

export default defineConfig([
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'tests/.artifacts/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    rules: {
      // `_`-prefixed names are deliberate placeholders (tsc's noUnusedLocals follows the same rule).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  // Module seams (docs/ARCHITECTURE.md): an area of server/modules uses another area only through its face,
  // server/modules/<area>/index.ts, imported as '../<area>'; server/modules/shared and server/lib sit below
  // every area and import none. Tests are part of the composition root and may reach inside.
  restrictImports(['server/modules/*/*.ts'], '^\\.\\./(?!shared/)[a-z-]+/', seamMessage, [sharedArea]),
  restrictImports(['server/modules/*/*/**/*.ts'], '^\\.\\./\\.\\./(?!shared/)[a-z-]+/', seamMessage, [
    sharedArea,
  ]),
  restrictImports(
    ['server/modules/shared/**/*.ts'],
    '^\\.\\./[a-z-]+',
    'server/modules/shared sits below every area: it imports none.',
  ),
  // The rest of the server uses the areas through their faces too, except the composition root, which wires
  // routes and jobs together: server/app.ts, server/main.ts, server/cli/, server/jobs/registry.ts (and tests).
  restrictImports(['server/**/*.ts'], '/modules/(?!shared/)[a-z-]+/', seamMessage, [
    'server/modules/**',
    'server/app.ts',
    'server/main.ts',
    'server/cli/**',
    'server/jobs/registry.ts',
  ]),
  restrictImports(['server/lib/**/*.ts'], '/modules/', 'server/lib sits below the modules: it imports none.'),
  // SPA seams (docs/ARCHITECTURE.md): a feature uses another only through its index.ts, imported as the
  // feature's folder ('../domains', '../../domains'); what several share lives in src/components. One block
  // per folder depth, since '../x/' leaves the feature only from its top folder. src/app is the composition
  // root (routes, store, layout) and may reach inside; tests and testing/ helpers too.
  ...[1, 2, 3, 4].map((depth) =>
    restrictImports(
      [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      `^(\\.\\./){${depth}}[a-zA-Z]+/|/features/[a-zA-Z]+/`,
      featureSeamMessage,
      [...spaTestFiles, ...pendingApiModules],
    ),
  ),
  restrictImports(
    ['src/components/**/*.{ts,tsx}'],
    '/features/',
    'src/components sits below the features: it imports none.',
    spaTestFiles,
  ),
  // Paths are written once, in the operation descriptors (contract/operations/); the SPA reaches them through
  // src/api/call.ts (call, send, urlOf, patternOf). esquery's regex cannot hold a '/', hence \x2F.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
          selector: `${node}=/^\\*?\\x2F(api|checks)\\x2F/]`,
          message: "An API path: take it from the operation's descriptor (call, send, urlOf, patternOf).",
        })),
      ],
    },
  },
  {
    // Test files may use non-null assertions and empty stubs freely.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
]);
