import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/App';
import { createAppStore } from '../../../app/store';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { themes, type ThemeName } from '../../../theme/themes';
import { PublicationsBanner } from './PublicationsBanner';
import { patternOf, urlOf } from '../../../api/call';
import { publicationOps } from '../../../../contract/operations/publications';
import { userOps } from '../../../../contract/operations/users';

const maintenance = { id: 1, title: 'Maintenance on Sunday' };
const newReports = { id: 2, title: 'New reports' };

let userPublications = [maintenance, newReports];
let userSettings: { layout_theme?: ThemeName; language?: 'en' | 'pt' } = {};
const seenCalls: string[] = [];
const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ publications: userPublications, ...userSettings })),
  ),
  http.post(`*${patternOf(publicationOps.seen)}`, ({ params }) => {
    seenCalls.push(String(params.id));
    return HttpResponse.json({});
  }),
  http.get(`*${patternOf(publicationOps.list)}`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  seenCalls.length = 0;
  userPublications = [maintenance, newReports];
  userSettings = {};
  localStorage.clear();
  document.body.innerHTML = '';
  await setLanguage('en');
});
afterAll(() => server.close());

/** The banner alone with the real store; the session's token claims `publications`. */
async function renderBanner(claimed = [maintenance]) {
  storeSession({ publications: claimed });
  const store = createAppStore();
  const view = render(
    <AppProviders store={store}>
      <main id="main" tabIndex={-1} />
      <PublicationsBanner fallbackFocusId="main" />
    </AppProviders>,
  );
  // The current user (with its publications) loads on start.
  await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
  return { ...view, store };
}

// The toast container is a region too: the banner is found by its test id when it must be absent.
const banner = () => screen.queryByTestId('publications-banner');

const colour = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('publications banner', () => {
  it.each<ThemeName>(['primaryTheme', 'carrierTheme'])(
    'shows the unseen publications of the auth data once each, in a labelled region (%s)',
    async (theme) => {
      userSettings = { layout_theme: theme };
      userPublications = [newReports];
      await renderBanner([maintenance, newReports]);

      const region = await screen.findByRole('region', { name: 'Announcements (2)' });
      const items = within(region).getAllByRole('listitem');
      expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual([
        'New reports',
        'Maintenance on Sunday',
      ]);
      expect(within(region).getByRole('button', { name: 'Mark as seen: New reports' })).toBeInTheDocument();
      expect(region).toHaveStyle({ borderLeftColor: colour(themes[theme].colors.primary) });
    },
  );

  it('marks one seen from the keyboard: calls the API, removes it from the auth data, keeps the focus', async () => {
    const { store } = await renderBanner();
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Announcements (2)' });

    await user.tab(); // Hide
    await user.tab();
    const mark = within(region).getByRole('button', { name: 'Mark as seen: Maintenance on Sunday' });
    expect(mark).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(seenCalls).toEqual(['1']));
    expect(await screen.findByRole('region', { name: 'Announcements (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Maintenance on Sunday')).not.toBeInTheDocument();
    const auth = store.getState().auth;
    expect(auth.tokenData?.publications).toEqual([]);
    expect(auth.user?.publications).toEqual([newReports]);
    // The focus moves to the next item instead of falling back to the page.
    expect(screen.getByRole('button', { name: 'Mark as seen: New reports' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(seenCalls).toEqual(['1', '2']);
    expect(store.getState().auth.user?.publications).toEqual([]);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('keeps a publication when the call fails, with the error toast', async () => {
    server.use(
      http.post(`*${patternOf(publicationOps.seen)}`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const { store } = await renderBanner();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mark as seen: Maintenance on Sunday' }));

    expect(await screen.findByText('Unable to mark the announcement as seen.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Announcements (2)' })).toBeInTheDocument();
    expect(store.getState().auth.tokenData?.publications).toEqual([maintenance]);
  });

  it('hides the banner without marking anything seen', async () => {
    const { store } = await renderBanner();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Hide announcements' }));

    expect(banner()).not.toBeInTheDocument();
    expect(seenCalls).toEqual([]);
    expect(store.getState().auth.user?.publications).toEqual([maintenance, newReports]);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('renders nothing when there are no unseen publications', async () => {
    userPublications = [];
    await renderBanner([]);
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark as seen/ })).not.toBeInTheDocument();
  });

  it('speaks Portuguese', async () => {
    userSettings = { language: 'pt' };
    await renderBanner();
    const region = await screen.findByRole('region', { name: 'Comunicados (2)' });
    expect(within(region).getByRole('button', { name: 'Ocultar comunicados' })).toBeInTheDocument();
    expect(
      within(region).getByRole('button', { name: 'Marcar como visto: Maintenance on Sunday' }),
    ).toBeInTheDocument();
  });

  it('sits in the app layout, above the main content', async () => {
    storeSession({ publications: [maintenance] });
    renderApp('/msas/settings/account');
    const region = await screen.findByRole('region', { name: 'Announcements (2)' });
    const main = screen.getByRole('main');
    expect(region.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
