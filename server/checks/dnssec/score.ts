import { clampScore } from '../smtp/hostScores';
import type { DnssecNameResult } from './types';

// DNSSEC rubric (dnssecScore, 0-100):
//   domain bogus, insecure (unsigned) or indeterminate ....................... 0
//   domain secure: 100, minus for each MX host
//     bogus (mail to it fails at validating senders) ........................ 40
//     insecure or indeterminate (no DANE possible for it, RFC 7672 §2.2.2) .. 15
export function scoreDnssec(domain: DnssecNameResult, mx: DnssecNameResult[]): number {
  if (domain.status !== 'secure') return 0;
  const penalty = mx.reduce(
    (sum, m) => sum + (m.status === 'bogus' ? 40 : m.status === 'secure' ? 0 : 15),
    0,
  );
  return clampScore(100 - penalty);
}
