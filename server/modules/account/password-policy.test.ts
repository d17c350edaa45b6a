import { passwordProblems } from './password-policy';

const tooShort = { code: 'password_too_short', params: { min: 10 } };
const tooSimilar = { code: 'password_too_similar' };
const tooCommon = { code: 'password_too_common' };

describe('passwordProblems', () => {
  it('accepts a long, uncommon password unrelated to the user', () => {
    expect(passwordProblems('violet-harbour-42-lamp', { username: 'ana', email: 'ana@example.com' })).toEqual(
      [],
    );
  });

  it('names every broken rule', () => {
    expect(passwordProblems('short', {})).toEqual([tooShort]);
    expect(passwordProblems('password123', {})).toEqual([tooCommon]);
    expect(passwordProblems('Password123', {})).toEqual([tooCommon]);
    expect(passwordProblems('mariana.silva', { username: 'mariana.silva' })).toEqual([tooSimilar]);
    expect(passwordProblems('xx-joaquim-2024-xx', { email: 'joaquim@example.com' })).toEqual([tooSimilar]);
    expect(passwordProblems('qwerty', { username: 'qwerty' })).toEqual([tooShort, tooSimilar, tooCommon]);
  });
});
