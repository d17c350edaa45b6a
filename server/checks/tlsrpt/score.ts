import { scoreByPenalties } from '../score/penalties';
import type { CheckWarning } from '../score/warning';

// TLS-RPT score rubric (0-100). docs/CHECKS.md is written from this block.
//   No record ..................................................................... 0
//   Several records, or a record senders cannot use (syntax, no usable rua) ....... 10
//   Otherwise 100, minus: a rua URI senders ignore 20 (up to 2); a mailto: domain without MX 15 (up to 2);
//   a DNS error checking a destination 5.
export const tlsRptRubric = {
  penalties: { invalid_uri: 20, destination_no_mx: 15, dns_error: 5 },
  maxTimes: { invalid_uri: 2, destination_no_mx: 2 },
};

export function scoreTlsRpt(state: 'none' | 'invalid' | 'ok', warnings: CheckWarning[]): number {
  if (state === 'none') return 0;
  if (state === 'invalid') return 10;
  return scoreByPenalties(warnings, tlsRptRubric);
}
