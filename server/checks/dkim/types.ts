import type { CheckWarning } from '../score/warning';

// The DKIM result document of the checks contract (system `dkim` of the stored results).

/** A warning with the values its English message interpolates (the console translates by code). */
export type DkimWarning = CheckWarning & { params?: Record<string, string | number> };

export type SelectorSource = 'reports' | 'dns' | 'both';

export type DkimSelectorResult = {
  selector: string;
  source: SelectorSource;
  found: boolean;
  record: string | null;
  keyType: 'rsa' | 'ed25519' | null;
  keyBits: number | null;
  testing: boolean;
  revoked: boolean;
  warnings: DkimWarning[];
};

export type DkimResult = {
  domain: string;
  selectors: DkimSelectorResult[];
  warnings: DkimWarning[];
  score: number;
};
