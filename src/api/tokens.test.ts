import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './tokens';

describe('tokens', () => {
  beforeEach(() => localStorage.clear());

  it('stores both tokens under tokenAuth and refreshToken', () => {
    setTokens({ access: 'a1', refresh: 'r1' });
    expect(localStorage.getItem('tokenAuth')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
  });

  it('keeps the stored refresh token when a new one is not given', () => {
    setTokens({ access: 'a1', refresh: 'r1' });
    setTokens({ access: 'a2' });
    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r1');
  });

  it('clears both tokens', () => {
    setTokens({ access: 'a1', refresh: 'r1' });
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});
