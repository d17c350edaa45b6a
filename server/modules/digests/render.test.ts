import { describe, expect, it } from 'vitest';
import { dayTotals } from '../analytics/overview/time-series-query';
import type { DigestFigures } from './content';
import { renderDigest, type RenderInput } from './render';

// One report with figures past a thousand and rates with decimals, rendered for each language: the figures
// are written the reader's way, not only the words.

const period = { begin: '2026-11-30', end: '2026-11-30', key: 'p' };
const figures: DigestFigures = {
  period,
  previous: { begin: '2026-11-29', end: '2026-11-29', key: 'q' },
  domains: ['example.com'],
  total: { messages: 12_345, dmarc: 94.77, spf: 90.5, dkim: 88.25 },
  totalBefore: { messages: 10_000, dmarc: 96.27, spf: 90.5, dkim: 88.25 },
  lines: [],
  days: [dayTotals('2026-11-30', { messages: 12_345, dmarc_passed: 11_700, dkim_passed: 0, spf_passed: 0 })],
  checks: null,
  alerts: [],
  ips: null,
  senders: [{ sender_service: 'Big Mailbox', messages: 2_500, dmarc: 50, ips: 1_200 }],
};
const input = (language: string): RenderInput => ({
  name: 'Weekly',
  organization: 'Org',
  figures,
  language,
  late: false,
  consoleLink: 'https://msas.example/msas',
  unsubscribeLink: null,
});

describe('renderDigest', () => {
  it('prints a Portuguese report with Portuguese words and figures', () => {
    const { text, html, subject } = renderDigest(input('pt'));
    expect(subject).toBe('Weekly: relatório DMARC de 2026-11-30 a 2026-11-30');
    expect(text).toContain(
      'Todos os domínios | 12.345 | 94,77% | 90,50% | 88,25% |  | ▲ +2.345 | ▼ -1,50 pp',
    );
    expect(text).toContain('2026-11-30 | 11.700 | 645');
    expect(text).toContain('Big Mailbox | 2.500 | 50,00% | 1.200');
    expect(html).toContain('<html lang="pt-BR">');
    expect(text).not.toMatch(/12,345|94\.77/);
  });

  it('prints an English report the English way', () => {
    const { text, subject } = renderDigest(input('en'));
    expect(subject).toBe('Weekly: DMARC report 2026-11-30 to 2026-11-30');
    expect(text).toContain('All domains | 12,345 | 94.77% | 90.50% | 88.25% |  | ▲ +2,345 | ▼ -1.50 pp');
    expect(text).toContain('Big Mailbox | 2,500 | 50.00% | 1,200');
    expect(text).toContain('No alert fired in this period.');
  });

  it('writes an unset or unknown language in English', () => {
    expect(renderDigest(input('fr')).text).toBe(renderDigest(input('en')).text);
  });
});
