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
