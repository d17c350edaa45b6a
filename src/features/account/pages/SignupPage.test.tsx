import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { setLanguage } from '../../../i18n';
import { patternOf } from '../../../api/call';
import { accountOps } from '../../../../contract/operations/account';

const bodies: unknown[] = [];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  bodies.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function fillSignup() {
  const user = userEvent.setup();
  renderApp('/signup');
  await user.type(await screen.findByLabelText('Full name'), 'Ana Lima');
  await user.type(screen.getByLabelText('Username'), 'ana');
  await user.type(screen.getByLabelText('Email'), 'ana@example.org');
  await user.type(screen.getByLabelText('Password'), 'a long passphrase');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('sign-up', () => {
  it('posts name, username, password and email without a token and says the e-mail was sent', async () => {
    server.use(
      http.post(`*${patternOf(accountOps.register)}`, async ({ request }) => {
        bodies.push({ body: await request.json(), auth: request.headers.get('authorization') });
        return HttpResponse.json({ detail: 'ok' }, { status: 201 });
      }),
    );
    await fillSignup();
    expect(await screen.findByText(/We sent you an email/)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        body: { name: 'Ana Lima', username: 'ana', email: 'ana@example.org', password: 'a long passphrase' },
        auth: null,
      },
    ]);
  });

  it('shows the server field errors beside their fields and in the toast', async () => {
    server.use(
      http.post(`*${patternOf(accountOps.register)}`, () =>
        HttpResponse.json({ username: ['A user with that username already exists.'] }, { status: 400 }),
      ),
    );
    await fillSignup();
    const field = screen.getByLabelText('Username');
    await screen.findAllByText('A user with that username already exists.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('A user with that username already exists.');
  });

  it('falls back to the catalogue text when the server says nothing useful', async () => {
    server.use(
      http.post(`*${patternOf(accountOps.register)}`, () => new HttpResponse(null, { status: 500 })),
    );
    await fillSignup();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('account verification', () => {
  it('confirms the token from the link, and marks a refused one as failed', async () => {
    server.use(
      http.post(`*${patternOf(accountOps.confirmRegistration)}`, async ({ request }) => {
        const { token } = (await request.json()) as { token: string };
        return token === 'good'
          ? HttpResponse.json({ detail: 'ok' })
          : HttpResponse.json({ token: ['Invalid or expired link.'] }, { status: 400 });
      }),
    );
    const first = renderApp('/confirm-registration?token=good');
    expect(await screen.findByText('Your account is verified. You can log in now.')).toBeInTheDocument();
    first.unmount();
    renderApp('/confirm-registration?token=bad');
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeInTheDocument();
  });
});
