import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/renderApp';
import { storeSession, userDocument } from '../testing/session';
import { urlOf } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('side menu', () => {
  it('opens as a drawer from the top bar, closes with Escape and gives focus back', async () => {
    storeSession();
    const app = renderApp('/msas/verify_tools/ip_verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'IP verify' })).toBeInTheDocument();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('link', { name: 'IP verify' })).toHaveAttribute('aria-current', 'page');

    await user.keyboard('{Escape}');
    expect(app.store.getState().menu.isOpen).toBe(false);
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('follows a menu link with the keyboard and closes the drawer', async () => {
    storeSession();
    const app = renderApp('/msas/analytics/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    screen.getByRole('link', { name: 'Domain verify' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Domain verify' })).toBeInTheDocument();
    expect(app.location()).toBe('/msas/verify_tools/domain_verify');
    expect(app.store.getState().menu).toMatchObject({
      isOpen: false,
      primary: 'verifyTools',
      secondary: 'domainVerify',
    });
  });

  it('greys out a disabled entry and does not link it', async () => {
    storeSession();
    const app = renderApp('/msas/analytics/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    app.store.dispatch({ type: 'menu/entryEnabledChanged', payload: { id: 'dkim', enabled: false } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('link', { name: /DKIM/ })).toBeNull();
    expect(screen.getByText('DKIM').closest('[aria-disabled="true"]')).not.toBeNull();
  });
});
