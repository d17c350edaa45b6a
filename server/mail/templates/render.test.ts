import { templates } from './catalogue';
import { renderMail } from './render';

describe('mail templates', () => {
  it('exist in both languages with the same placeholders', () => {
    for (const [kind, byLang] of Object.entries(templates)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(byLang.pt.text + byLang.pt.subject), kind).toEqual(
        names(byLang.en.text + byLang.en.subject),
      );
      expect(byLang.pt.text, kind).not.toBe(byLang.en.text);
    }
  });

  it('fill placeholders in the recipient language, English by default', () => {
    const vars = { name: 'Ana', link: 'http://x/confirm-registration?token=t', hours: 48 };
    const pt = renderMail('verification', 'pt', vars);
    expect(pt.subject).toBe('Confirme sua conta msas');
    expect(pt.text).toContain('Olá Ana');
    expect(pt.text).toContain('http://x/confirm-registration?token=t');
    expect(renderMail('verification', null, vars).text).toContain('expires in 48 hours');
  });
});
