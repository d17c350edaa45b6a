import { scoreByPenalties } from '../score/penalties';
import type { CheckWarning } from '../score/warning';

// DMARC score rubric (0-100). docs/CHECKS.md is written from this block.
//   No policy (no record, several records at the domain, DNS failure) ............. 0
//   A record receivers ignore (no valid p and no rua) ............................ 10
//   Otherwise 100, minus:
//     p=none (monitoring only) 40; p=quarantine 10; p missing (treated as none) 10
//     sp or np weaker than p 10; t=y testing 10; pct below 100 15
//     no rua (no aggregate reports) 15
//     invalid tag value 10 (up to 3); unknown tag 5 (up to 2); duplicate tag 5; bad tag-list syntax 5
//     tag removed by RFC 9989 (pct, rf, ri) 5
//     external destination without authorization record 10 (up to 2)
//     destination domain without MX 10 (up to 2); unusable URI 10 (up to 2)
//     several DMARC records at a parent name (skipped by the walk) 5
//   Info notes (inherited policy, size limits, fo without ruf, non-mailto URI) cost nothing.
export const dmarcRubric = {
  penalties: {
    policy_none: 40,
    policy_quarantine: 10,
    p_missing_with_rua: 10,
    subdomain_policy_weaker: 10,
    testing: 10,
    pct_partial: 15,
    no_rua: 15,
    bad_value: 10,
    unknown_tag: 5,
    duplicate_tag: 5,
    syntax_error: 5,
    removed_tag: 5,
    external_unauthorized: 10,
    destination_no_mx: 10,
    invalid_uri: 10,
    parent_multiple_records: 5,
    dns_error: 5,
  },
  maxTimes: { bad_value: 3, unknown_tag: 2, external_unauthorized: 2, destination_no_mx: 2, invalid_uri: 2 },
};

export function scoreDmarc(state: 'none' | 'ignored' | 'policy', warnings: CheckWarning[]): number {
  if (state === 'none') return 0;
  if (state === 'ignored') return 10;
  return scoreByPenalties(warnings, dmarcRubric);
}
