import {
  dateFieldOrder,
  formatCount,
  formatDate,
  formatDateInput,
  formatDateTime,
  formatDay,
  formatNumber,
  formatPercent,
  localeOf,
  parseDateInput,
  shiftDay,
} from './format';

// Intl separates time from date with a narrow no-break space in some runtimes; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('one formatter', () => {
  it('maps the interface language to its locale', () => {
    expect(localeOf('pt')).toBe('pt-BR');
    expect(localeOf('en')).toBe('en-US');
  });

  it('formats counts with the language grouping', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'pt')).toBe('1.234.567');
  });

  it('formats other numbers with up to two decimals', () => {
    expect(formatNumber(45.456, 'en')).toBe('45.46');
    expect(formatNumber(45.456, 'pt')).toBe('45,46');
    expect(formatNumber(3, 'pt')).toBe('3');
  });

  it('formats every percentage with two decimals and the same separator', () => {
    expect(formatPercent(94.77, 'en')).toBe('94.77%');
    expect(formatPercent(100, 'en')).toBe('100.00%');
    expect(formatPercent(94.77, 'pt')).toBe('94,77%');
    expect(formatPercent(100, 'pt')).toBe('100,00%');
    expect(formatPercent(33.33333, 'pt')).toBe('33,33%');
    expect(formatPercent(Number.NaN, 'en')).toBe('0.00%');
  });

  it('formats dates in the language order', () => {
    expect(formatDate('2026-11-23T12:00:00Z', 'en', { utc: true })).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-23T12:00:00Z', 'pt', { utc: true })).toBe('23 de nov. de 2026');
    expect(formatDate(null, 'pt')).toBe('—');
  });

  it('formats a data day as that UTC day', () => {
    expect(formatDay('2026-11-23', 'en')).toBe('Nov 23, 2026');
    expect(formatDay('2026-11-23', 'pt')).toBe('23 de nov. de 2026');
    expect(formatDay('not a day', 'pt')).toBe('not a day');
  });

  it('formats date-times in one format per language', () => {
    expect(plain(formatDateTime('2026-11-23T14:05:00Z', 'en', { utc: true }))).toBe('Nov 23, 2026, 2:05 PM');
    expect(plain(formatDateTime('2026-11-23T14:05:00Z', 'pt', { utc: true }))).toBe(
      '23 de nov. de 2026, 14:05',
    );
    expect(formatDateTime(undefined, 'en')).toBe('—');
    expect(formatDateTime('garbage', 'en')).toBe('garbage');
  });
});

describe('typed dates', () => {
  it('shows a day in the language order', () => {
    expect(dateFieldOrder('pt')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('en')).toEqual(['month', 'day', 'year']);
    expect(formatDateInput('2026-11-03', 'pt')).toBe('03/11/2026');
    expect(formatDateInput('2026-11-03', 'en')).toBe('11/03/2026');
    expect(formatDateInput('', 'en')).toBe('');
  });

  it('reads a typed day in the language order, or ISO', () => {
    expect(parseDateInput('3/11/2026', 'pt')).toBe('2026-11-03');
    expect(parseDateInput('03.11.2026', 'pt')).toBe('2026-11-03');
    expect(parseDateInput('11/3/2026', 'en')).toBe('2026-11-03');
    expect(parseDateInput('2026-11-03', 'pt')).toBe('2026-11-03');
  });

  it('refuses what is not a real day', () => {
    expect(parseDateInput('31/02/2024', 'pt')).toBeNull();
    expect(parseDateInput('02/31/2024', 'en')).toBeNull();
    expect(parseDateInput('03/11/26', 'pt')).toBeNull();
    expect(parseDateInput('tomorrow', 'en')).toBeNull();
  });

  it('steps a day across month ends', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
  });
});
