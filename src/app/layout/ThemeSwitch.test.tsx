import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../store';
import { renderApp } from '../testing/renderApp';
import { storeSession, userDocument } from '../testing/session';
import { urlOf } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

const patches: unknown[] = [];
const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.patch(`*${urlOf(userOps.updateSettings, { params: { id: 7 } })}`, async ({ request }) => {
    patches.push(await request.json());
    return HttpResponse.json(userDocument({ layout_theme: 'carrierTheme' }));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  patches.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

describe('theme switch', () => {
  it('applies the theme, stores it in localStorage and on the server, and keeps it on reload', async () => {
    storeSession();
    const app = renderApp('/msas/settings/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    // The user's stored settings apply first; the switch comes after.
    await waitFor(() => expect(app.store.getState().auth.user).not.toBeNull());
    await userEvent.setup().selectOptions(screen.getByLabelText('Theme'), 'carrierTheme');

    expect(localStorage.getItem('layoutTheme')).toBe('carrierTheme');
    await waitFor(() => expect(patches).toEqual([{ layout_theme: 'carrierTheme' }]));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('carrierTheme'));
    app.unmount();

    // A new store (a page reload) starts from the stored theme.
    expect(createAppStore().getState().preferences.theme).toBe('carrierTheme');
  });

  it("applies the user's stored theme after loading the current user", async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ layout_theme: 'carrierTheme' })),
      ),
    );
    storeSession();
    const app = renderApp('/msas/settings/account');
    await waitFor(() => expect(app.store.getState().preferences.theme).toBe('carrierTheme'));
    expect(localStorage.getItem('layoutTheme')).toBe('carrierTheme');
    // Applying the server's value does not write it back.
    expect(patches).toEqual([]);
  });
});
