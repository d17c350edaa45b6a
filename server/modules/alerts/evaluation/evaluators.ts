import type { IpBlocklistStatus } from '../../reputation';
import type { ResolvedParams } from '../rules/catalogue';

// The pure half of every condition: given the sums of the days it reads, which subjects trip on day D and
// with which values. No database here: the live evaluation and the backtest feed the same functions, so
// the backtest answers what live evaluation would have sent.

/** Per subject and UTC day: message sums from dmarc_rollups (./judge.ts). */
export type DaySums = {
  subject: string;
  day: string;
  messages: number;
  dmarc_fail: number;
  spf_unaligned: number;
  spf_fail: number;
  dkim_unaligned: number;
  dkim_fail: number;
};

/**
 * A DaySums from a row holding its fields (a query's sums). A field the row lacks is NaN: the summary's
 * reads leave out the sums it has not, which no rule reading it judges by (./batch-sums.ts).
 */
export function daySumsOf(subject: string, day: string, r: Record<string, unknown>): DaySums {
  const v = (x: unknown) => (x === undefined ? NaN : Number(x ?? 0));
  return {
    subject,
    day,
    messages: v(r.messages),
    dmarc_fail: v(r.dmarc_fail),
    spf_unaligned: v(r.spf_unaligned),
    spf_fail: v(r.spf_fail),
    dkim_unaligned: v(r.dkim_unaligned),
    dkim_fail: v(r.dkim_fail),
  };
}

/** What a subject showed when it tripped: numbers and short texts, kept in the firing's history. */
export type Observed = Record<string, number | string>;
/** Per subject: its values when it trips, null when it is clear. Subjects absent were not judged. */
export type Verdicts = Map<string, Observed | null>;

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const pct = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

const zero = { messages: 0, dmarc_fail: 0, spf_unaligned: 0, spf_fail: 0, dkim_unaligned: 0, dkim_fail: 0 };

function sumBySubject(rows: DaySums[], from: string, to: string) {
  const out = new Map<string, DaySums>();
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    const s = out.get(r.subject) ?? { ...zero, subject: r.subject, day: to };
    s.messages += r.messages;
    s.dmarc_fail += r.dmarc_fail;
    s.spf_unaligned += r.spf_unaligned;
    s.spf_fail += r.spf_fail;
    s.dkim_unaligned += r.dkim_unaligned;
    s.dkim_fail += r.dkim_fail;
    out.set(r.subject, s);
  }
  return out;
}

/** DMARC, SPF or DKIM failure share over the time frame ending on `day`, with a minimum volume. */
export function failureRate(
  which: 'dmarc' | 'spf' | 'dkim',
  rows: DaySums[],
  day: string,
  frameDays: number,
  p: ResolvedParams,
): Verdicts {
  const out: Verdicts = new Map();
  const from = addDays(day, -(frameDays - 1));
  for (const [subject, s] of sumBySubject(rows, from, day)) {
    const failed =
      which === 'dmarc'
        ? s.dmarc_fail
        : p.count_unaligned_pass === false
          ? which === 'spf'
            ? s.spf_fail
            : s.dkim_fail
          : which === 'spf'
            ? s.spf_unaligned
            : s.dkim_unaligned;
    if (s.messages === 0 || s.messages < Number(p.min_messages)) {
      out.set(subject, null);
      continue;
    }
    const rate = pct(failed, s.messages);
    out.set(
      subject,
      rate > Number(p.threshold_percent) ? { rate, failed, messages: s.messages, from, to: day } : null,
    );
  }
  return out;
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

/**
 * The day's volume against the median of the baseline days before it (days without data count as 0). A drop
 * is judged only on a settled day: reports for a day keep arriving for a day or two, and a day still filling
 * would look like a drop (a spike only grows as more comes).
 */
export function volumeChange(
  rows: DaySums[],
  subjects: string[],
  day: string,
  p: ResolvedParams,
  settled = true,
): Verdicts {
  const out: Verdicts = new Map();
  const baselineDays = Number(p.baseline_days);
  const factor = Number(p.factor);
  const min = Number(p.min_messages);
  const byKey = new Map(rows.map((r) => [`${r.subject}\u0000${r.day}`, r.messages]));
  for (const subject of subjects) {
    const today = byKey.get(`${subject}\u0000${day}`) ?? 0;
    const baseline: number[] = [];
    for (let i = 1; i <= baselineDays; i++)
      baseline.push(byKey.get(`${subject}\u0000${addDays(day, -i)}`) ?? 0);
    const base = median(baseline);
    const spike = p.direction !== 'drop' && base > 0 && today >= min && today >= base * factor;
    const drop = settled && p.direction !== 'spike' && base >= min && today <= base / factor;
    out.set(
      subject,
      spike || drop ? { direction: spike ? 'spike' : 'drop', messages: today, baseline_median: base } : null,
    );
  }
  return out;
}

/** A subject (a domain, a domain and reporter, a source) seen on a day, with its messages that day. */
export type SeenDay = { subject: string; day: string; messages: number };

/** A domain of the scope that never received a report, with the UTC day it was added. */
export type Unreported = { domain: string; added: string };

/**
 * No report covered the `days` days ending on `day`, for subjects that had reports in the 30 days before
 * that quiet stretch, and for the scope's domains that never received one once they were added before it
 * (a domain whose reports never arrive is what the condition is for).
 */
export function noReports(
  seen: SeenDay[],
  day: string,
  p: ResolvedParams,
  unreported: Unreported[] = [],
): Verdicts {
  const out: Verdicts = new Map();
  const quietFrom = addDays(day, -(Number(p.days) - 1));
  const since = addDays(quietFrom, -30);
  const last = new Map<string, string>();
  for (const s of seen) {
    if (s.day < since || s.day > day) continue;
    if ((last.get(s.subject) ?? '') < s.day) last.set(s.subject, s.day);
  }
  for (const [subject, lastDay] of last)
    out.set(subject, lastDay < quietFrom ? { last_report_day: lastDay, days: Number(p.days) } : null);
  for (const u of unreported)
    if (!last.has(u.domain) && u.added < quietFrom)
      out.set(u.domain, { added_day: u.added, days: Number(p.days) });
  return out;
}

/**
 * Sources that send on `day` above min_messages and sent nothing in the lookback_days before, once the
 * scope's first data is at least learning_days old (a new domain does not fire on day one).
 */
export function newSources(
  sources: SeenDay[],
  scopeFirstDay: string | null,
  day: string,
  p: ResolvedParams,
): Verdicts {
  const out: Verdicts = new Map();
  if (scopeFirstDay === null || scopeFirstDay > addDays(day, -Number(p.learning_days))) return out;
  const from = addDays(day, -Number(p.lookback_days));
  const before = new Set<string>();
  const onDay = new Map<string, number>();
  for (const s of sources) {
    if (s.day >= from && s.day < day) before.add(s.subject);
    if (s.day === day) onDay.set(s.subject, (onDay.get(s.subject) ?? 0) + s.messages);
  }
  const min = Math.max(1, Number(p.min_messages));
  for (const [subject, messages] of onDay)
    if (!before.has(subject) && messages >= min) out.set(subject, { messages, first_seen: day });
  return out;
}

/** One DNS history item (server/checks/history): a record of a set as it was when the set changed. */
export type HistoryRow = { domain: string; type: string; at: string; content: string };

const dmarcTag = (record: string, tag: string) =>
  new RegExp(`(?:^|;)\\s*${tag}\\s*=\\s*([^;\\s]+)`, 'i').exec(record)?.[1]?.toLowerCase();
const policyRank: Record<string, number> = { none: 0, quarantine: 1, reject: 2 };

/** RFC 7489 section 6.3: p= ranks reject > quarantine > none; pct= (default 100) lowers enforcement. */
export function dmarcWeakened(before: string, after: string): boolean {
  if (!before.toLowerCase().startsWith('v=dmarc1')) return false;
  if (!after) return true;
  const rank = (r: string) => policyRank[dmarcTag(r, 'p') ?? 'none'] ?? 0;
  const pct = (r: string) => Number(dmarcTag(r, 'pct') ?? 100);
  return rank(after) < rank(before) || pct(after) < pct(before);
}

/**
 * Record sets that changed on `day` (UTC), per domain and history type: the old and the new contents. A
 * set's first appearance is no change (a new domain's first check). Several changes in a day: the first
 * set before the day against the last of the day.
 */
export function dnsChanges(rows: HistoryRow[], day: string, p: ResolvedParams): Verdicts {
  const out: Verdicts = new Map();
  const sets = new Map<string, Map<string, string[]>>();
  for (const r of rows) {
    if (p.records !== 'all' && r.type !== p.records) continue;
    const key = `${r.domain} · ${r.type}`;
    const byTime = sets.get(key) ?? new Map<string, string[]>();
    byTime.set(
      r.at,
      [...(byTime.get(r.at) ?? []), r.content].filter((c) => c !== ''),
    );
    sets.set(key, byTime);
  }
  for (const [subject, byTime] of sets) {
    const times = [...byTime.keys()].sort();
    const today = times.filter((t) => t.slice(0, 10) === day);
    // The set before the day's first change; with none, the day's first set was the first appearance.
    const before =
      times.filter((t) => t.slice(0, 10) < day).at(-1) ?? (today.length > 1 ? today[0] : undefined);
    if (today.length === 0 || before === undefined) continue;
    const old = byTime.get(before)!.sort().join(' | ');
    const now = byTime.get(today.at(-1)!)!.sort().join(' | ');
    if (old === now) continue;
    if (p.policy_weakened_only === true && !(subject.endsWith(' · dmarc') && dmarcWeakened(old, now)))
      continue;
    out.set(subject, { old: old || '(none)', new: now || '(removed)', changed_at: today.at(-1)! });
  }
  return out;
}

/** Per domain and UTC day (the report period's begin): TLS-RPT sessions (RFC 8460 section 4.4 summary). */
export type TlsDay = { subject: string; day: string; failed: number; total: number };

/** At least min_failed_sessions failed sessions over the time frame, and a failure share above the threshold. */
export function tlsFailures(rows: TlsDay[], day: string, frameDays: number, p: ResolvedParams): Verdicts {
  const out: Verdicts = new Map();
  const from = addDays(day, -(frameDays - 1));
  const sums = new Map<string, { failed: number; total: number }>();
  for (const r of rows) {
    if (r.day < from || r.day > day) continue;
    const s = sums.get(r.subject) ?? { failed: 0, total: 0 };
    s.failed += r.failed;
    s.total += r.total;
    sums.set(r.subject, s);
  }
  for (const [subject, s] of sums) {
    const rate = s.total ? pct(s.failed, s.total) : 0;
    const trips = s.failed >= Number(p.min_failed_sessions) && rate > Number(p.threshold_percent);
    out.set(subject, trips ? { failed_sessions: s.failed, sessions: s.total, rate, from, to: day } : null);
  }
  return out;
}

/** A domain's latest stored check result of one system (check_results, wire form). */
export type CheckRow = { domain: string; system: string; checked_at: string; result: unknown };

const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    value,
  );

/**
 * The conditions on the re-checks' stored results, judged on the day of the check: SPF lookups past the
 * limit, DNSSEC bogus, the MTA-STS policy host's certificate expiring. A domain not checked on `day` is not
 * judged; a result without the value (a failed check) is not judged either.
 */
export function checkFindings(condition: string, rows: CheckRow[], day: string, p: ResolvedParams): Verdicts {
  const out: Verdicts = new Map();
  for (const r of rows) {
    if (r.checked_at.slice(0, 10) !== day) continue;
    if (condition === 'spf_lookups' && r.system === 'spf') {
      const lookups = field(r.result, 'dns_lookups');
      if (typeof lookups !== 'number') continue;
      const max = Number(p.max_lookups);
      out.set(r.domain, lookups > max ? { lookups, limit: max, checked_at: r.checked_at } : null);
    } else if (condition === 'dnssec_bogus' && r.system === 'dnssec') {
      const status = field(r.result, 'status');
      if (typeof status !== 'string' || status === 'indeterminate') continue;
      out.set(r.domain, status === 'bogus' ? { status, checked_at: r.checked_at } : null);
    } else if (condition === 'mta_sts_certificate' && r.system === 'mta-sts') {
      const expires = field(r.result, 'policy', 'certificate_expires');
      if (typeof expires !== 'string') continue;
      const left = Math.floor((Date.parse(expires) - Date.parse(r.checked_at)) / 86_400_000);
      out.set(
        r.domain,
        left < Number(p.days) ? { expires, days_left: left, checked_at: r.checked_at } : null,
      );
    }
  }
  return out;
}

/** One IP as the blocklist lookups answered it during a sweep. */
export type IpListing = IpBlocklistStatus;

/**
 * Listed on at least min_listings block lists, or (reputation_drop) a negative reputation level. An IP that
 * does not trip but might have, had the lists that failed answered, is not judged: a timeout must not
 * resolve a firing.
 */
export function blocklistFindings(rows: IpListing[], p: ResolvedParams): Verdicts {
  const out: Verdicts = new Map();
  const min = Number(p.min_listings);
  const byReputation = p.reputation_drop !== false;
  for (const r of rows) {
    const listed = r.listed_on.length >= min;
    const dropped = byReputation && r.reputation_level !== null && r.reputation_level < 0;
    if (listed || dropped) {
      const observed: Observed = {
        blocklists: r.listed_on.join(', ') || '(none)',
        listings: r.listed_on.length,
      };
      if (r.reputation_level !== null) observed.reputation = r.reputation ?? String(r.reputation_level);
      out.set(r.ip, observed);
      continue;
    }
    const unsure = r.listed_on.length + r.failed >= min || (byReputation && r.reputation_failed);
    if (!unsure) out.set(r.ip, null);
  }
  return out;
}
