// The one formatter for numbers, percentages, dates and date-times: every figure and time the console shows
// goes through here, in the interface language (i18next's), so a page never mixes "94,77%" with "100.00%".

/** The BCP 47 locale of an interface language ('pt' is Brazilian Portuguese). */
export const localeOf = (language: string) => (language.startsWith('pt') ? 'pt-BR' : 'en-US');

type Cache<T> = Map<string, T>;
const numberFormats: Cache<Intl.NumberFormat> = new Map();
const dateFormats: Cache<Intl.DateTimeFormat> = new Map();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(localeOf(language), options)));
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(language), options)));
  return format;
}

/** Whole counts with the language's grouping (12,345 / 12.345). */
export function formatCount(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** Any number, up to two decimals (45.45 / 45,45). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** Spec section 9: a percentage (0-100) with exactly 2 decimals, "94.77%" / "94,77%"; not a number shows 0. */
export function formatPercent(value: number, language: string): string {
  const shown = Number.isFinite(value) ? value : 0;
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(shown / 100);
}

export type TimeOptions = {
  /** Report periods and data days are UTC (RFC 7489 section 7.2): shown in UTC, not the reader's zone. */
  utc?: boolean;
};

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const zone = (options: TimeOptions) => (options.utc ? { timeZone: 'UTC' } : {});

/** A date: "Nov 23, 2026" / "23 de nov. de 2026"; a dash without one, the text itself when it is no date. */
export function formatDate(
  value: string | Date | null | undefined,
  language: string,
  options: TimeOptions = {},
) {
  const date = parse(value);
  if (!date) return typeof value === 'string' && value ? value : '—';
  return dateFormat(language, { dateStyle: 'medium', ...zone(options) }).format(date);
}

/** A UTC day of the data ('2026-11-23'), shown as that day whatever the reader's zone. */
export function formatDay(day: string, language: string): string {
  return parse(`${day}T00:00:00Z`) ? formatDate(`${day}T00:00:00Z`, language, { utc: true }) : day;
}

/** The one date-time format of every page: "Nov 23, 2026, 10:05 AM" / "23 de nov. de 2026, 10:05". */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: string,
  options: TimeOptions = {},
): string {
  const date = parse(value);
  if (!date) return typeof value === 'string' && value ? value : '—';
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', ...zone(options) }).format(date);
}

/** The order of day, month and year in the language's short dates: pt-BR day first, en-US month first. */
export function dateFieldOrder(language: string): ('day' | 'month' | 'year')[] {
  const parts = dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2000, 10, 22)))
    .map((p) => p.type);
  return parts.filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO day ('2026-11-23') as typed in the language: "11/23/2026" / "23/11/2026"; '' when there is none. */
export function formatDateInput(iso: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const fields = { year: m[1], month: m[2], day: m[3] };
  return dateFieldOrder(language)
    .map((f) => fields[f])
    .join('/');
}

/**
 * A typed day back to ISO ('2026-11-23'), or null when it is not a real day. Takes the language's order with
 * any of / . - as separator, and ISO itself (pasted from a link).
 */
export function parseDateInput(text: string, language: string): string | null {
  const trimmed = text.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const m = /^(\d{1,4})[/.-](\d{1,4})[/.-](\d{1,4})$/.exec(trimmed);
    if (!m) return null;
    const order = dateFieldOrder(language);
    const value = (f: 'day' | 'month' | 'year') => m[order.indexOf(f) + 1];
    if (value('year').length !== 4) return null;
    [year, month, day] = [Number(value('year')), Number(value('month')), Number(value('day'))];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-31 over to March: a day is real only if it comes back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** One day later or earlier (the arrow keys of a date field). */
export function shiftDay(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as Stripe counts it (the currency's smallest unit) in the interface language. The currency's
 * own digits (0 for JPY, 2 for USD, 3 for KWD) come from Intl, so zero-decimal currencies stay right.
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
