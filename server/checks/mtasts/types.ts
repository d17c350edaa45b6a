import type { CheckWarning } from '../score/warning';
import type { PolicyInfo } from './policy';

// The "MTA-STS result" of product spec section 3.
export type MtaStsResult = {
  domain: string;
  record: string | null;
  id: string | null;
  valid: boolean;
  /** Where the TXT record lives: _mta-sts.<domain>. */
  location: string;
  policy: {
    url: string;
    /** The policy file as served (when it could be fetched). */
    data: string | null;
    info: PolicyInfo | null;
    /** When the policy host's certificate expires (ISO), as the fetch saw it; null when not fetched. */
    certificateExpires: string | null;
  };
  /** MX hosts of the domain and whether the policy's mx patterns cover each. */
  mxCoverage: { host: string; covered: boolean }[];
  warnings: CheckWarning[];
  score: number;
};
