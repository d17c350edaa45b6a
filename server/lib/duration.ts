// Durations in settings: a number of seconds, or a number with a unit (s, m, h, d), e.g. "15m", "7d".
const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

export function parseDurationSeconds(value: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] || 's').toLowerCase();
  const seconds = amount * (unitSeconds[unit] ?? 1);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
