import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp } from '../testing/renderApp';
import { storeSession, userDocument } from '../testing/session';
import { urlOf } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

const patches: unknown[] = [];
const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.patch(`*${urlOf(userOps.updateSettings, { params: { id: 7 } })}`, async ({ request }) => {
    patches.push(await request.json());
    return HttpResponse.json(userDocument({ language: 'pt' }));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  patches.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('language switch', () => {
  it('changes the text to Portuguese, sets <html lang> and persists the choice', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Language'), 'pt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome de usuário')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(localStorage.getItem('language')).toBe('pt');
    // Nobody is logged in: nothing to save on the server.
    expect(patches).toEqual([]);
  });

  it("saves a logged-in user's language on the server and switches back", async () => {
    storeSession();
    const app = renderApp('/msas/monitoring/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    await waitFor(() => expect(app.store.getState().auth.user).not.toBeNull());
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Language'), 'pt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatórios' })).toBeInTheDocument();
    expect(document.getElementById('side-menu')).toHaveAttribute('aria-label', 'Menu principal');
    await waitFor(() => expect(patches).toEqual([{ language: 'pt' }]));

    await user.selectOptions(screen.getByLabelText('Idioma'), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
