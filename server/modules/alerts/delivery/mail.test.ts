import { describe, expect, it } from 'vitest';
import { alertMail, type MailItem, type RuleSection } from './mail';
import type { AlertRuleRow } from '../repo';

// The alert mail in the recipient's language: what happened against which threshold and since when, the
// sources behind it, the days before, what to do first, the filtered link, and the figures and dates the
// reader's way; several rules of one incident in one mail.

const rule = {
  id: 7,
  name: '',
  scope_type: 'domain',
  target_selection: 'example.com',
  condition: 'dmarc_failure_rate',
  time_frame: '1d',
  params: { threshold_percent: 20, min_messages: 100 },
} as unknown as AlertRuleRow;
const firing: MailItem = {
  subject: 'example.com',
  kind: 'firing',
  day: '2026-12-04',
  observed: { rate: 94.77, failed: 12345, messages: 13026, from: '2026-12-04', to: '2026-12-04' },
  context: {
    trend: [
      { day: '2026-12-03', messages: 1000, failed: 10 },
      { day: '2026-12-04', messages: 13026, failed: 12345 },
    ],
    sources: [
      {
        ip: '198.51.100.7',
        reverse_dns: 'mail.spoof.example',
        sender: null,
        messages: 12345,
        failed: 12345,
        authorised: false,
        isNew: true,
      },
    ],
    sentFor: null,
    source: null,
  },
};
const recovery: MailItem = { subject: 'example.org', kind: 'recovery', day: '2026-12-05', observed: {} };
const section = (r: AlertRuleRow, items: MailItem[]): RuleSection => ({
  rule: r,
  items,
  unsubscribe: `https://msas.example/u?token=t${r.id}`,
});
const options = { publicUrl: 'https://msas.example' };

describe('alertMail', () => {
  it('writes a Portuguese reader what happened, the source, the threshold and the figures in Portuguese', () => {
    const mail = alertMail([section(rule, [firing, recovery])], 'a@example.com', 'pt', options);
    expect(mail.subject).toBe('[msas] Taxa de falha DMARC (example.com): 1 a disparar, 1 normalizado(s)');
    expect(mail.text).toContain('A disparar desde 4 de dez. de 2026: example.com');
    expect(mail.text).toContain('94,77 % das mensagens falharam o DMARC: 12.345 de 13.026');
    expect(mail.text).toContain('Limite: acima de 20 % em 1 dia(s), com pelo menos 100 mensagens.');
    expect(mail.text).toContain(
      '12.345 das 12.345 falhas vieram de um IP novo: 198.51.100.7 (mail.spoof.example).',
    );
    expect(mail.text).toContain('198.51.100.7 (novo) | mail.spoof.example |  | não | 12.345');
    expect(mail.text).toContain('3 de dez. de 2026 | 1.000 | 10 | 1,00 %');
    expect(mail.text).toContain('O que fazer primeiro: Veja as origens acima');
    expect(mail.text).toContain('Normalizou em 5 de dez. de 2026: example.org');
    expect(mail.text).toContain(
      'Ver os dados: https://msas.example/msas/analytics/by_ip?begin_date=2026-12-04&end_date=2026-12-04&domain=example.com&row=198.51.100.7',
    );
    expect(mail.text).toContain(
      'Deixar de receber estes e-mails desta regra: https://msas.example/u?token=t7',
    );
    expect(mail.html).toContain('<html lang="pt">');
    expect(mail.html).toContain(
      '<td style="padding:4px 8px;border-bottom:1px solid #e0e0e0;">mail.spoof.example</td>',
    );
  });

  it('writes anyone else in English, figures the English way', () => {
    const mail = alertMail([section({ ...rule, name: 'Mine' }, [firing])], 'a@example.com', 'de', options);
    expect(mail.subject).toBe('[msas] Mine: 1 firing');
    expect(mail.text).toContain('Firing since Dec 4, 2026: example.com');
    expect(mail.text).toContain('94.77% of the messages failed DMARC: 12,345 of 13,026');
    expect(mail.text).toContain(
      '12,345 of the 12,345 failures came from one new IP, 198.51.100.7 (mail.spoof.example).',
    );
    expect(mail.text).toContain('The alert rule "Mine" has news.');
    expect(mail.html).toContain(
      'href="https://msas.example/msas/analytics/by_ip?begin_date=2026-12-04&amp;end_date=2026-12-04&amp;domain=example.com&amp;row=198.51.100.7"',
    );
  });

  it('lists every rule one incident tripped in one mail, each with its own unsubscribe link', () => {
    const spf = { ...rule, id: 8, condition: 'spf_failure_rate' } as AlertRuleRow;
    const mail = alertMail([section(rule, [firing]), section(spf, [firing])], 'a@example.com', 'en', options);
    expect(mail.subject).toBe('[msas] example.com: 2 alert rules, 2 firing');
    expect(mail.text).toContain('DMARC failure rate (example.com)\n---');
    expect(mail.text).toContain('SPF failure rate (example.com)\n---');
    expect(mail.text).toContain('had no aligned SPF pass');
    expect(mail.text).toContain('(DMARC failure rate (example.com)): https://msas.example/u?token=t7');
    expect(mail.text).toContain('(SPF failure rate (example.com)): https://msas.example/u?token=t8');
  });

  it('says for a new source which domains it sent for and whether they passed', () => {
    const newSource = { ...rule, id: 9, condition: 'new_source', params: { source: 'ip' } } as AlertRuleRow;
    const item: MailItem = {
      subject: '203.0.113.5',
      kind: 'firing',
      day: '2026-12-04',
      observed: { messages: 40, first_seen: '2026-12-04' },
      context: {
        trend: null,
        sources: null,
        sentFor: [{ domain: 'example.com', messages: 40, passed: 0 }],
        source: { reverse_dns: 'out.esp.example', sender: 'An ESP' },
      },
    };
    const mail = alertMail([section(newSource, [item])], 'a@example.com', 'en', options);
    expect(mail.text).toContain('The source: 203.0.113.5 (An ESP, out.esp.example).');
    expect(mail.text).toContain('example.com | 40 | 0');
    expect(mail.text).toContain(
      '/msas/analytics/by_ip?begin_date=2026-12-04&end_date=2026-12-04&domain=example.com&row=203.0.113.5',
    );
  });

  it('escapes what outsiders control (a reverse DNS name, a domain) in the HTML part', () => {
    const hostile = '<img src=x onerror=alert(1)>.example';
    const source = { ...firing.context!.sources![0]!, reverse_dns: hostile };
    const item: MailItem = {
      ...firing,
      subject: '"><b>x</b>',
      context: { ...firing.context!, sources: [source] },
    };
    const mail = alertMail([section(rule, [item])], 'a@example.com', 'en', options);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;.example');
    expect(mail.text).toContain(hostile);
  });

  it('draws the actions it is given as buttons', () => {
    const actions = [{ label: 'Acknowledge', url: 'https://msas.example/ack?t=1' }];
    const mail = alertMail([section(rule, [firing])], 'a@example.com', 'en', { ...options, actions });
    expect(mail.html).toMatch(
      /<a href="https:\/\/msas.example\/ack\?t=1" style="display:inline-block;[^"]*">Acknowledge<\/a>/,
    );
    expect(mail.text).toContain('Acknowledge: https://msas.example/ack?t=1');
  });
});
