import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { Trackers } from './Trackers';
import { resetTrackers, type TrackersConfig } from './trackers';
import { patternOf, urlOf } from '../../api/call';
import { reputationOps } from '../../../contract/operations/reputation';

// Off by default: with nothing configured the page gains no script and no request leaves for a tracker;
// configured, each script comes from the configured address. jsdom does not run the added scripts.

const none: TrackersConfig = { plausible: null, matomo: null, umami: null };
let trackers: unknown = none;
const requests: string[] = [];
const server = setupServer(
  http.get(`*${patternOf(reputationOps.publicConfig)}`, () =>
    HttpResponse.json({ recaptcha_site_key: null, recaptcha_enabled: false, trackers }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.events.on('request:start', ({ request }) => void requests.push(request.url));
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  requests.length = 0;
  trackers = none;
  resetTrackers();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as { _paq?: unknown })._paq;
  window.history.pushState({}, '', '/');
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});
afterAll(() => server.close());

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Trackers />
    </MemoryRouter>,
  );
}

describe('Trackers', () => {
  it('adds nothing when no tracker is configured: only the own config call is made', async () => {
    renderAt('/msas/analytics/overview');
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(new URL(requests[0]).pathname).toBe(urlOf(reputationOps.publicConfig));
    expect(scripts()).toEqual([]);
    expect((window as { _paq?: unknown })._paq).toBeUndefined();
  });

  it('adds each configured tracker from its configured address, privacy options on', async () => {
    trackers = {
      plausible: { script_url: 'https://plausible.example.net/js/script.js', domain: 'console.example.com' },
      matomo: { url: 'https://stats.example.org/', site_id: '3' },
      umami: { script_url: 'https://umami.example.com/script.js', website_id: 'w-1' },
    };
    window.history.pushState({}, '', '/msas/analytics/by_domain?domain=secret.example');
    renderAt('/msas/analytics/by_domain?domain=secret.example');
    await waitFor(() => expect(scripts()).toHaveLength(3));
    expect(scripts()).toEqual([
      'https://plausible.example.net/js/script.js',
      'https://umami.example.com/script.js',
      'https://stats.example.org/matomo.js',
    ]);
    const plausible = document.querySelector('script[data-domain]');
    expect(plausible).toHaveAttribute('data-domain', 'console.example.com');
    const umami = document.querySelector('script[data-website-id]');
    expect(umami).toHaveAttribute('data-website-id', 'w-1');
    expect(umami).toHaveAttribute('data-exclude-search', 'true');
    expect(umami).toHaveAttribute('data-do-not-track', 'true');
    const queue = (window as { _paq?: unknown[][] })._paq!;
    expect(queue).toContainEqual(['disableCookies']);
    expect(queue).toContainEqual(['setSiteId', '3']);
    expect(queue).toContainEqual(['setTrackerUrl', 'https://stats.example.org/matomo.php']);
    // the page view names the path, never the query (a domain, a search)
    expect(queue).toContainEqual(['setCustomUrl', `${location.origin}/msas/analytics/by_domain`]);
    expect(JSON.stringify(queue)).not.toContain('secret.example');
  });

  it('asks for nothing when the browser says Do Not Track', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    trackers = { ...none, plausible: { script_url: 'https://p.example/s.js', domain: 'd.example' } };
    renderAt('/msas/analytics/overview');
    await new Promise((r) => setTimeout(r, 100));
    expect(requests).toEqual([]);
    expect(scripts()).toEqual([]);
  });
});
