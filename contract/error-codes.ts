import type en from '../locales/en/errors.json';

// Error codes: keys of the errors catalogue (locales/<lang>/errors.json). Apart from contract/errors.ts (the
// wire shapes), so a contract schema naming a code brings no schema of errors into the SPA's first page.
export type ErrorCode = keyof typeof en;
export type ErrorParams = Record<string, string | number>;
export type ErrorItem = { code: ErrorCode; params?: ErrorParams };

/** The code a field of the contract's schemas names as its zod message; the server's error handler words it. */
export const code = (c: ErrorCode) => c;
