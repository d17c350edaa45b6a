import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../testing/renderApp';
import { storeSession, userDocument } from '../testing/session';
import { pageComponents } from './pageComponents';
import { appRoutes } from './routes';
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

describe('pages', () => {
  it('has a page component for every route', () => {
    for (const route of appRoutes) expect(pageComponents[route.id], route.id).toBeDefined();
  });

  it.each(appRoutes.map((route) => [route.path, route] as const))(
    '%s renders its title and description',
    async (path, route) => {
      storeSession();
      const app = renderApp(path);
      const title = i18n.t(route.titleKey, { ns: 'menu' });
      // A missing key would render as itself and still match below, so require the keys to exist.
      expect(i18n.exists(route.titleKey, { ns: 'menu' })).toBe(true);
      expect(i18n.exists(`descriptions.${route.id}`, { ns: 'pages' })).toBe(true);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(i18n.t(`descriptions.${route.id}`, { ns: 'pages' }))).toBeInTheDocument();
      expect(app.location()).toBe(path);
      app.unmount();
    },
  );

  it('shows the period filter on analytics pages only', async () => {
    storeSession();
    const analytics = renderApp('/msas/analytics/by_ip');
    expect(await screen.findByLabelText('Start date')).toBeInTheDocument();
    analytics.unmount();
    renderApp('/msas/monitoring/alerts');
    await screen.findByRole('heading', { level: 1, name: 'Alerts' });
    expect(screen.queryByLabelText('Start date')).toBeNull();
  });
});
