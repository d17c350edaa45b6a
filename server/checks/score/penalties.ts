import type { CheckWarning } from './warning';

// Score = 100 minus a penalty per warning code, each counted at most `maxTimes` (default once), clamped
// to 0-100. The rubric tables live beside each checker (score.ts) and are copied into docs/CHECKS.md.

export type Rubric = {
  penalties: Record<string, number>;
  maxTimes?: Record<string, number>;
};

export function scoreByPenalties(warnings: CheckWarning[], rubric: Rubric, start = 100): number {
  const seen = new Map<string, number>();
  let score = start;
  for (const w of warnings) {
    const times = (seen.get(w.code) ?? 0) + 1;
    seen.set(w.code, times);
    if (times > (rubric.maxTimes?.[w.code] ?? 1)) continue;
    score -= rubric.penalties[w.code] ?? 0;
  }
  return Math.max(0, Math.min(100, Math.round(score)));
}
