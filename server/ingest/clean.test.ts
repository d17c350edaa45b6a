import { cleanText, toJson } from './clean';

describe('NUL removal for PostgreSQL text and jsonb', () => {
  it('drops U+0000 from text', () => {
    expect(cleanText('a\u0000b\u0000')).toBe('ab');
    expect(cleanText('plain')).toBe('plain');
  });

  it('drops U+0000 from strings and keys inside JSON, leaving valid JSON', () => {
    const json = toJson({ 'k\u0000ey': ['x\u0000\u0000y', '\\\u0000'] });
    expect(JSON.parse(json)).toEqual({ key: ['xy', '\\'] });
  });

  it('keeps the text "\\u0000" (a backslash then u0000), which is not a NUL', () => {
    for (const text of ['\\u0000', 'a\\\\u0000b', '\\\\\\u0000']) {
      const json = toJson({ text });
      expect(JSON.parse(json)).toEqual({ text });
    }
  });

  it('writes null for undefined', () => {
    expect(toJson(undefined)).toBe('null');
  });
});
