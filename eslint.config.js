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

export default defineConfig([
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/.artifacts/**'] },
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
  {
    // Test files may use non-null assertions and empty stubs freely.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
]);
