// The warning every checker reports: a stable code (the console translates by it), a severity and an
// English message. "error": receivers will not apply the record as written; "warning": a risk or a
// discouraged practice; "info": context only.

export type Severity = 'error' | 'warning' | 'info';

/**
 * The values the English message interpolates, so the console can say the same in another language
 * (locales/<lang>/checkWarnings.json, one key per code). `context` picks the variant of a code that
 * several checkers share or that has more than one wording (i18next key `<code>_<context>`).
 */
export type WarningParams = Record<string, string | number>;

export type CheckWarning = {
  code: string;
  severity: Severity;
  message: string;
  /** The name the warning is about when it is not the checked domain itself (an MX host, a destination). */
  subject?: string;
  params?: WarningParams;
};

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export const warn = (
  code: string,
  severity: Severity,
  message: string,
  subject?: string,
  params?: WarningParams,
): CheckWarning => ({
  code,
  severity,
  message,
  ...(subject === undefined ? {} : { subject }),
  params: params ?? {},
});

/** Most serious first; stable within a severity, so parallel lookups do not reorder the list. */
export const sortWarnings = (list: CheckWarning[]): CheckWarning[] =>
  list
    .map((w, i) => ({ w, i }))
    .sort((a, b) => RANK[a.w.severity] - RANK[b.w.severity] || a.i - b.i)
    .map(({ w }) => w);
