// Scores the DNSSEC, DANE and SMTP/TLS checks combine per MX host.

/** Mean of per-host scores, rounded; 0 when there is no host. */
export function meanScore(scores: number[]): number {
  if (scores.length === 0) return 0;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

export const clampScore = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
