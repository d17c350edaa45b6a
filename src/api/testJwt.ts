// Test helper: an unsigned JWT-shaped token; the SPA only decodes, the server verifies.
function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export function fakeAccessToken(expiresInSeconds: number, jti = 'jti'): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({ tokenType: 'access', iat: now, exp: now + expiresInSeconds, jti, userId: 1 });
}
