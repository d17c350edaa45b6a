import { intlLocale, languageOf, serverT } from '../../lib/i18n';
import type enWords from '../../../locales/en/digestMail.json';

// The report's words (locales/<lang>/digestMail.json) and its figures, both in the reader's language: a
// Portuguese report prints 12.345 and 94,77% where an English one prints 12,345 and 94.77%.
type Word = keyof typeof enWords;
export type Words = {
  w: (key: Word, vars?: Record<string, string>) => string;
  num: (n: number) => string;
  pct: (n: number) => string;
  signed: (n: number, fraction: number) => string;
};

export function wordsFor(language: string): Words {
  const lang = languageOf(language);
  const t = serverT(lang, 'digestMail');
  const locale = intlLocale(lang);
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    w: (key, vars) => t(key, vars ?? {}),
    num: (n) => count.format(n),
    // Rates are stored as percentages (94.77); Intl's percent style multiplies by 100.
    pct: (n) => percent.format(n / 100),
    signed: (n, fraction) =>
      new Intl.NumberFormat(locale, {
        signDisplay: 'exceptZero',
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      }).format(n),
  };
}

/** The change against the previous period: an arrow and the difference (points for rates). */
export function change(
  now: number,
  before: number,
  unit: '' | 'pp',
  f: Words,
): { arrow: string; text: string } {
  const d = Math.round((now - before) * 100) / 100;
  const arrow = d > 0 ? '▲' : d < 0 ? '▼' : '=';
  return { arrow, text: unit === 'pp' ? `${f.signed(d, 2)} pp` : f.signed(d, 0) };
}
