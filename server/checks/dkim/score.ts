import { scoreByPenalties, type Rubric } from '../score/penalties';
import type { DkimWarning } from './types';

// DKIM score: 100 minus a penalty per warning code, once each (table copied into docs/CHECKS.md).
export const dkimRubric: Rubric = {
  penalties: {
    dkim_no_keys: 60,
    dkim_key_missing: 30,
    dkim_lookup_failed: 10,
    dkim_multiple_records: 10,
    dkim_syntax: 40,
    dkim_bad_version: 40,
    dkim_key_invalid: 40,
    dkim_unknown_key_type: 40,
    dkim_sha1_only: 40,
    dkim_service_not_email: 40,
    dkim_rsa_weak: 50,
    dkim_rsa_short: 15,
    dkim_key_revoked: 10,
    dkim_testing: 10,
  },
};

export const scoreDkim = (warnings: DkimWarning[]) => scoreByPenalties(warnings, dkimRubric);
