import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setDomain } from '../../filter/filterSlice';
import { urlOf } from '../../../api/call';
import { userOps } from '../../../../contract/operations/users';

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ layout_theme: 'carrierTheme' })),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('logout', () => {
  it('removes both stored tokens, clears the session state and goes to /login', async () => {
    storeSession();
    const app = renderApp('/msas/settings/account');
    expect(await screen.findByText('ana')).toBeInTheDocument();
    app.store.dispatch(setDomain('example.org'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem('tokenAuth')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const state = app.store.getState();
    expect(state.auth).toMatchObject({ userId: null, tokenData: null, user: null });
    expect(state.filter.domain).toBe('all');
    // Display preferences are not part of the session.
    expect(state.preferences.theme).toBe('carrierTheme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });
});
