import { describe, expect, it } from 'vitest';
import { alertMail, type MailItem } from './mail';
import type { AlertRuleRow } from '../repo';

// The alert mail in the recipient's language: the words, the condition's name as the console says it, and
// the values that tripped the rule written the reader's way.

const rule = {
  id: 7,
  name: '',
  scope_type: 'domain',
  target_selection: 'example.com',
  condition: 'dmarc_failure_rate',
  params: {},
} as unknown as AlertRuleRow;
const items: MailItem[] = [
  { subject: 'example.com', kind: 'firing', day: '2026-11-30', observed: { rate: 36.36, failed: 1234 } },
  { subject: 'example.org', kind: 'recovery', day: '2026-11-30', observed: {} },
];
const links = { publicUrl: 'https://msas.example', unsubscribe: 'https://msas.example/u?token=t' };

describe('alertMail', () => {
  it('writes a Portuguese reader the words, the condition and the figures in Portuguese', () => {
    const mail = alertMail(rule, items, 'a@example.com', 'pt', links);
    expect(mail.subject).toBe('[msas] Taxa de falha DMARC (example.com): 1 a disparar, 1 normalizado(s)');
    expect(mail.text).toContain(
      '- Disparou: example.com (dados de 2026-11-30): taxa (%) 36,36 · com falha 1.234',
    );
    expect(mail.text).toContain('- Normalizou: example.org (dados de 2026-11-30)\n');
    expect(mail.text).toContain(
      'Deixar de receber estes e-mails desta regra: https://msas.example/u?token=t',
    );
    expect(mail.html).toContain('<html lang="pt">');
  });

  it('writes anyone else in English', () => {
    const mail = alertMail({ ...rule, name: 'Mine' }, items.slice(0, 1), 'a@example.com', 'de', links);
    expect(mail.subject).toBe('[msas] Mine: 1 firing');
    expect(mail.text).toContain('- Firing: example.com (data of 2026-11-30): rate (%) 36.36 · failed 1,234');
    expect(mail.text).toContain('The alert rule "Mine" has news.');
  });
});
