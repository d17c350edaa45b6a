import { scoreByPenalties } from '../score/penalties';
import type { CheckWarning } from '../score/warning';

// MTA-STS score rubric (0-100). docs/CHECKS.md is written from this block.
//   No _mta-sts record and no policy ........................................... 0
//   A record but no usable policy (fetch failed, invalid policy) .............. 10
//   A usable policy but no valid record (senders never fetch it) ............... 20
//   Otherwise 100, minus:
//     mode none 50; mode testing 25; max_age under a day 10
//     an MX host not covered by the policy 30 (up to 2); invalid mx pattern 20
//     duplicate field 10; bad line endings 10; several records 10; DNS error 10
export const mtaStsRubric = {
  penalties: {
    mode_none: 50,
    mode_testing: 25,
    short_max_age: 10,
    mx_not_covered: 30,
    mx_pattern_invalid: 20,
    policy_duplicate_field: 10,
    policy_line_endings: 10,
    multiple_records: 10,
    dns_error: 10,
  },
  maxTimes: { mx_not_covered: 2 },
};

export function scoreMtaSts(
  state: 'none' | 'no_policy' | 'no_record' | 'ok',
  warnings: CheckWarning[],
): number {
  if (state === 'none') return 0;
  if (state === 'no_policy') return 10;
  if (state === 'no_record') return 20;
  return scoreByPenalties(warnings, mtaStsRubric);
}
