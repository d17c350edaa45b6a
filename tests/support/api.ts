import { generate } from 'otplib';

export type Tokens = { access: string; refresh: string };

// Direct calls to the server API (no browser) used to prepare state for browser tests.
export async function apiLogin(
  baseUrl: string,
  username: string,
  password: string,
  code?: string,
): Promise<Tokens> {
  const body = new URLSearchParams({ username, password, ...(code ? { code } : {}) });
  const res = await fetch(`${baseUrl}/api/ph/authenticate/`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

async function post(baseUrl: string, url: string, access: string, form: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    body: new URLSearchParams(form),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return JSON.parse(text || '{}') as Record<string, unknown>;
}

export function totpCode(secret: string): Promise<string> {
  return generate({ secret });
}

// Turns on two-factor authentication for the user: setup/start, then confirm with a current TOTP code.
// Returns the TOTP secret, so the test can compute login codes, and the code spent on the confirmation.
export async function enableTwoFactor(
  baseUrl: string,
  access: string,
): Promise<{ secret: string; code: string }> {
  const start = await post(baseUrl, '/api/ph/2fa/setup/start/', access);
  const secret = String(start.secret);
  if (!secret || secret === 'undefined')
    throw new Error(`2fa/setup/start/ gave no secret: ${JSON.stringify(start)}`);
  const code = await totpCode(secret);
  await post(baseUrl, '/api/ph/2fa/setup/confirm/', access, { code });
  return { secret, code };
}
