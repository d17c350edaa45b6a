import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { publicationOps } from '../../../../contract/operations/publications';
import { userOps } from '../../../../contract/operations/users';

// Settings → Account → Profile: a new address asks for the current password, then says to check the new
// inbox and shows the change waiting for confirmation.
type Pending = { email: string; expires_at: string } | null;
let pending: Pending = null;
const patches: unknown[] = [];

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${urlOf(userOps.pendingEmailChange, { params: { id: 7 } })}`, () =>
    HttpResponse.json({ email_change: pending }),
  ),
  http.delete(`*${urlOf(userOps.cancelEmailChange, { params: { id: 7 } })}`, () => {
    pending = null;
    return HttpResponse.json({ email_change: null });
  }),
  http.patch(`*${urlOf(userOps.update, { params: { id: 7 } })}`, async ({ request }) => {
    const body = (await request.json()) as { email: string; current_password?: string };
    patches.push(body);
    if (body.current_password !== 'my-password')
      return HttpResponse.json(
        { current_password: ['Your current password is incorrect.'] },
        { status: 400 },
      );
    pending = { email: body.email, expires_at: '2030-01-02T03:04:05.000Z' };
    return HttpResponse.json({ ...userDocument(), meta: { email_change: pending } });
  }),
  http.post(`*${patternOf(userOps.confirmEmailChange)}`, async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    return token === 'good'
      ? HttpResponse.json({ detail: 'ok' })
      : HttpResponse.json({ token: ['Invalid or expired token.'] }, { status: 400 });
  }),
  http.get(`*${patternOf(publicationOps.list)}`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  pending = null;
  patches.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('changing the e-mail address', () => {
  it('asks for the current password, shows its error, then says to check the new inbox', async () => {
    const user = userEvent.setup();
    storeSession();
    renderApp('/msas/settings/account');
    // The page is a lazy chunk: its first import may take a while on a busy machine.
    const email = await screen.findByLabelText(
      'Email',
      { selector: '#email-change-email' },
      { timeout: 15_000 },
    );
    expect(email).toHaveValue('ana@example.org');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await user.clear(email);
    await user.type(email, 'ana@new.example');
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findAllByText('Your current password is incorrect.')).not.toHaveLength(0);

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(
      await screen.findByText(
        'Check your new inbox: we sent a link to ana@new.example. Your address changes when you follow it.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('pending-email-change')).toHaveTextContent(
      'Waiting for confirmation from ana@new.example',
    );
    expect(patches).toEqual([
      { email: 'ana@new.example', current_password: 'wrong' },
      { email: 'ana@new.example', current_password: 'my-password' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('The email change was cancelled.')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-email-change')).toBeNull();
  }, 60_000); // typing is slow when every core is busy

  it('confirms the token from the link fragment in Portuguese, and marks a refused one as failed', async () => {
    await setLanguage('pt');
    const first = renderApp('/confirm-email-change#token=good');
    expect(
      await screen.findByText('Seu endereço de e-mail foi alterado. Use-o a partir de agora.'),
    ).toBeInTheDocument();
    first.unmount();
    await setLanguage('en');
    renderApp('/confirm-email-change#token=bad');
    expect(
      await screen.findByText(
        'This confirmation link is invalid or has expired. Ask for the change again from your account settings.',
      ),
    ).toBeInTheDocument();
  });
});
