import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/mail.json';
import pt from '../../../locales/pt/mail.json';
import type { MailKind } from './catalogue';
import { renderMail } from './render';

const kinds = Object.keys(en).filter((k) => k !== 'heldSummary') as MailKind[];
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

describe('mail templates', () => {
  it('each have a Portuguese subject and text of their own, with the English placeholders', () => {
    const ptKinds = pt as Partial<Record<MailKind, { subject?: string; text?: string }>>;
    for (const kind of kinds)
      for (const part of ['subject', 'text'] as const) {
        const text = ptKinds[kind]?.[part];
        // i18next would fall back to English without a word: the test is what notices.
        expect(text, `pt ${kind}.${part}`).toEqual(expect.any(String));
        expect(placeholders(text!), `${kind}.${part}`).toEqual(placeholders(en[kind][part]));
      }
    for (const kind of kinds) expect(pt[kind].text, kind).not.toBe(en[kind].text);
  });

  it('fill placeholders in the recipient language, English by default', () => {
    const vars = { name: 'Ana', link: 'http://x/confirm-registration?token=t', hours: 48 };
    const ptMail = renderMail('verification', 'pt', vars);
    expect(ptMail.subject).toBe('Confirme sua conta msas');
    expect(ptMail.text).toContain('Olá Ana');
    expect(ptMail.text).toContain('http://x/confirm-registration?token=t');
    expect(renderMail('verification', null, vars).text).toContain('expires in 48 hours');
    expect(renderMail('verification', 'de', vars).subject).toBe('Confirm your msas account');
  });

  it('leave a placeholder without its value visible', () => {
    expect(renderMail('verification', 'en', { name: 'Ana' }).text).toContain('{{link}}');
  });

  it('never read a value as a placeholder or a nested key: a name cannot pull in a link', () => {
    const organization = '{{link}} $t(mail:passwordReset.text) $t(verification.subject)';
    const mail = renderMail('invitation', 'en', { organization, inviter: 'Bo', link: 'SECRET', hours: 1 });
    expect(mail.subject).toBe(`You are invited to join ${organization} on msas`);
    expect(mail.text.split('SECRET')).toHaveLength(2);
  });

  it('write the end of a trial as a date in the reader language', () => {
    const vars = { name: 'Ana', organization: 'Org', plan: 'Pro', link: 'L', date: new Date('2026-12-10') };
    expect(renderMail('billingTrialEnding', 'en', vars).subject).toBe(
      'Your msas trial ends on December 10, 2026',
    );
    expect(renderMail('billingTrialEnding', 'pt', vars).text).toContain('termina em 10 de dezembro de 2026.');
  });

  it('write the operator mails, which have no reader language, in English as before', () => {
    const delist = renderMail('delistRequest', 'en', {
      ip: '192.0.2.1',
      zone: 'rep.test',
      label: 'L4',
      description: 'bad',
      address: '127.0.0.11',
      requester: 'a@example.com',
      requesterIp: '198.51.100.20',
      organization: 12345,
    });
    expect(delist).toEqual({
      subject: '[msas delist] 192.0.2.1 in rep.test',
      text:
        'A delist request was made for 192.0.2.1 in the reputation zone rep.test.\n\nCurrent category: L4 (bad), ' +
        'answer 127.0.0.11.\nRequested by: a@example.com from 198.51.100.20.\nOrganization: 12345.\n',
    });
    const vars = { subject: 'Hi', name: 'Ana', email: 'a@example.com', message: 'Text' };
    expect(renderMail('contactMessage', 'en', vars)).toEqual({
      subject: '[msas contact] Hi',
      text: 'From: Ana <a@example.com>\n\nText\n',
    });
  });
});
