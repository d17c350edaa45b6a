import { screen, waitFor } from '@testing-library/react';
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

describe('protected pages', () => {
  it('send an anonymous visitor to /login and remember the page', async () => {
    const app = renderApp('/msas/analysis_by_system/spf');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(app.store.getState().menu.pendingUrl).toBe('/msas/analysis_by_system/spf');
  });

  it('open for a stored token, with the menu entry current and breadcrumbs', async () => {
    storeSession();
    const app = renderApp('/msas/analysis_by_system/spf');
    expect(await screen.findByRole('heading', { level: 1, name: 'SPF' })).toBeInTheDocument();
    // The side menu is a closed drawer at jsdom's (media-query-less) width: find it by id.
    const nav = document.getElementById('side-menu');
    expect(nav).toHaveAttribute('aria-label', 'Main menu');
    expect(nav?.querySelector('[aria-current="page"]')).toHaveTextContent('SPF');
    // The header fills in after the page's heading (seen empty under load): wait for it, do not race it.
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Analysis by system');
    expect(app.store.getState().menu).toMatchObject({ primary: 'analysisBySystem', secondary: 'spf' });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('keep a Cancelled subscriber on the subscriptions page with the error toast', async () => {
    storeSession({ subscription_status: 'Cancelled' });
    const app = renderApp('/msas/analytics/overview');
    expect(
      await screen.findByText('In order to use Systems Explore, please update your subscription.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    expect(app.location()).toBe('/msas/settings/subscriptions');
  });

  it('let a Cancelled subscriber open the account page', async () => {
    storeSession({ subscription_status: 'Cancelled' });
    const app = renderApp('/msas/settings/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(app.location()).toBe('/msas/settings/account');
  });

  it('send unknown paths to /404, and / and /msas to the overview', async () => {
    storeSession();
    const unknown = renderApp('/msas/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(unknown.location()).toBe('/404');
    unknown.unmount();

    const root = renderApp('/');
    await waitFor(() => expect(root.location()).toBe('/msas/analytics/overview'));
    root.unmount();

    const prefix = renderApp('/msas');
    await waitFor(() => expect(prefix.location()).toBe('/msas/analytics/overview'));
  });
});
