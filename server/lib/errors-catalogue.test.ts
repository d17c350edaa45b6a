import en from '../../locales/en/errors.json';
import pt from '../../locales/pt/errors.json';
import { serverT } from './i18n';
import { errorText, item } from './errors';

// Every code the server can emit is a key of the en catalogue (ErrorCode is keyof it, so the type checker
// refuses any other); here every such code has a Portuguese text naming the same values.
const names = (text: string) => [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

describe('the errors catalogue', () => {
  it('has a Portuguese text for every code, with the same values', () => {
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    for (const [code, text] of Object.entries(en)) {
      const translated = (pt as Record<string, string>)[code]!;
      expect(translated.trim(), code).not.toBe('');
      expect(names(translated), code).toEqual(names(text));
    }
  });

  it('words a code in English for the wire, and in the reader format in Portuguese', () => {
    expect(errorText(item('too_many_attempts', { seconds: 30 }))).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    expect(errorText(item('max_value', { max: 43_200 }))).toBe(
      'Ensure this value is less than or equal to 43200.',
    );
    expect(serverT('pt', 'errors')('max_value', { max: 43_200 })).toBe(
      'Certifique-se de que este valor seja menor ou igual a 43.200.',
    );
  });
});
