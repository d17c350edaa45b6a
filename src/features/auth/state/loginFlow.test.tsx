import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderApp } from '../../../app/testing/renderApp';
import { accessToken, userDocument } from '../../../app/testing/session';
import { patternOf, urlOf } from '../../../api/call';
import { authOps } from '../../../../contract/operations/auth';
import { userOps } from '../../../../contract/operations/users';

type Login = { username: string | null; password: string | null; code: string | null };
const logins: Login[] = [];

const server = setupServer(
  http.post(`*${patternOf(authOps.authenticate)}`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const login = { username: form.get('username'), password: form.get('password'), code: form.get('code') };
    logins.push(login);
    if (login.username === 'broken') return HttpResponse.json({ detail: 'oops' }, { status: 400 });
    if (login.password !== 'secret') {
      return HttpResponse.json(
        {
          non_field_errors: ['Unable to log in with provided credentials.'],
          error_codes: { non_field_errors: [{ code: 'invalid_credentials' }] },
        },
        { status: 400 },
      );
    }
    if (login.username === 'two-factor' && !login.code) {
      return HttpResponse.json(
        { code: ['This field is required.'], error_codes: { code: [{ code: 'required' }] } },
        { status: 400 },
      );
    }
    if (login.username === 'two-factor' && login.code !== '123456') {
      return HttpResponse.json(
        { code: ['Invalid code.'], error_codes: { code: [{ code: 'code_invalid' }] } },
        { status: 400 },
      );
    }
    return HttpResponse.json({ access: accessToken({ userId: 7 }), refresh: 'refresh-1' });
  }),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ username: 'ana' })),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  logins.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function logIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login', () => {
  it('logs in, stores both tokens, loads the current user and opens the overview', async () => {
    const app = renderApp('/login');
    await logIn('ana', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(app.location()).toBe('/msas/analytics/overview');
    expect(localStorage.getItem('tokenAuth')).toBeTruthy();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(logins).toEqual([{ username: 'ana', password: 'secret', code: null }]);
    await waitFor(() => expect(app.store.getState().auth.user?.username).toBe('ana'));
    expect(app.store.getState().auth.userId).toBe(7);
  });

  it('asks for the code when the server requires it, then logs in with it', async () => {
    const app = renderApp('/login');
    const user = await logIn('two-factor', 'secret');
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(app.store.getState().auth.needsTwoFactor).toBe(true);
    expect(localStorage.getItem('tokenAuth')).toBeNull();

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(logins.map((l) => l.code)).toEqual([null, '111111', '123456']);
    expect(app.store.getState().auth.needsTwoFactor).toBe(false);
  });

  it('toasts the joined non_field_errors of a failed login and stays on /login', async () => {
    const app = renderApp('/login');
    await logIn('ana', 'wrong');
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(localStorage.getItem('tokenAuth')).toBeNull();
  });

  it("toasts 'Something went wrong.' when the failure has no non_field_errors", async () => {
    renderApp('/login');
    await logIn('broken', 'secret');
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });

  it('toasts the Portuguese text in Portuguese', async () => {
    await setLanguage('pt');
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome de usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText('Não foi possível entrar com as credenciais informadas.'),
    ).toBeInTheDocument();
  });

  it('keeps the language of the login page at first login and stores it for the account', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ username: 'ana', language: null })),
      ),
      http.patch(`*${urlOf(userOps.updateSettings, { params: { id: 7 } })}`, async ({ request }) => {
        saved.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await setLanguage('pt');
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome de usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(saved).toEqual([{ language: 'pt' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visão geral' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('pt');
  });

  it("applies the account's chosen language over the login page's", async () => {
    await setLanguage('pt');
    const app = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome de usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(app.store.getState().preferences.language).toBe('en'));
  });

  it('returns to the page the user asked for before logging in', async () => {
    const app = renderApp('/msas/monitoring/alerts?page=2');
    await waitFor(() => expect(app.location()).toBe('/login'));
    await logIn('ana', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    expect(app.location()).toBe('/msas/monitoring/alerts?page=2');
    expect(app.store.getState().menu.pendingUrl).toBeNull();
  });

  it('explains why the user is back on the login page', async () => {
    renderApp('/login?sessionExpired=true');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('asks to log in again after a call without a token', async () => {
    renderApp('/login?relogin=true');
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
  });
});
