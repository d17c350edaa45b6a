import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api, isSessionEnded, onSessionChange, setNavigator } from './client';
import { getAccessToken, getRefreshToken, setTokens } from './tokens';
import { fakeAccessToken } from './testJwt';

const refreshPath = '/api/ph/authenticate/refresh/';
const server = setupServer();
const navigate = vi.fn<(url: string) => void>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  navigate.mockReset();
  setNavigator(navigate);
});
afterEach(() => server.resetHandlers());

type Refresh = { calls: number; bodies: string[] };

// Protected resource that accepts only `valid`; the refresh endpoint answers `answer`.
function useProtectedApi(valid: string, answer: () => Response | Promise<Response>, status = 401) {
  const refresh: Refresh = { calls: 0, bodies: [] };
  const seen: string[] = [];
  server.use(
    http.get('/api/dm/items/:n/', ({ request, params }) => {
      const auth = request.headers.get('Authorization') ?? '';
      seen.push(auth);
      if (auth !== `Bearer ${valid}`)
        return HttpResponse.json(
          { detail: 'Token is invalid or expired', code: 'token_not_valid' },
          { status },
        );
      return HttpResponse.json({ item_number: Number(params.n), by_month: { '2024-05': 1 } });
    }),
    http.post(refreshPath, async ({ request }) => {
      refresh.calls += 1;
      refresh.bodies.push(await request.text());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer();
    }),
  );
  return { refresh, seen };
}

describe('api client', () => {
  it('sends the bearer token and the XSRF cookie as header, and camelCases the response', async () => {
    const token = fakeAccessToken(600);
    setTokens({ access: token, refresh: 'r1' });
    document.cookie = 'XSRF-TOKEN=xsrf%20value';
    let headers: Headers | undefined;
    server.use(
      http.get('/api/ph/users/1/', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ data: { attributes: { alerts_email: 'x', '2024-05': 2 } } });
      }),
    );
    const response = await api.get('/api/ph/users/1/');
    expect(headers?.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers?.get('X-XSRF-TOKEN')).toBe('xsrf value');
    expect(response.data).toEqual({ data: { attributes: { alertsEmail: 'x', '2024-05': 2 } } });
  });

  it('runs exactly ONE refresh for ten concurrent 401s and retries all ten with the new token', async () => {
    const fresh = fakeAccessToken(600, 'fresh');
    setTokens({ access: fakeAccessToken(-10, 'old'), refresh: 'r1' });
    const changes: (string | null)[] = [];
    const stop = onSessionChange((access) => changes.push(access));
    const { refresh, seen } = useProtectedApi(fresh, () =>
      HttpResponse.json({ access: fresh, refresh: 'r2' }),
    );

    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => api.get(`/api/dm/items/${n}/`)));
    stop();

    expect(refresh.calls).toBe(1);
    expect(refresh.bodies[0]).toBe('refresh=r1');
    expect(results.map((r) => r.data.itemNumber)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen.filter((auth) => auth === `Bearer ${fresh}`)).toHaveLength(10);
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('r2');
    expect(changes).toEqual([fresh]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the stored refresh token when the refresh answer has none', async () => {
    const fresh = fakeAccessToken(600, 'fresh');
    setTokens({ access: 'old', refresh: 'r1' });
    useProtectedApi(fresh, () => HttpResponse.json({ access: fresh }));
    await api.get('/api/dm/items/1/');
    expect(getRefreshToken()).toBe('r1');
  });

  it('refreshes on 403 as well', async () => {
    const fresh = fakeAccessToken(600, 'fresh');
    setTokens({ access: 'old', refresh: 'r1' });
    const { refresh } = useProtectedApi(fresh, () => HttpResponse.json({ access: fresh }), 403);
    const response = await api.get('/api/dm/items/7/');
    expect(refresh.calls).toBe(1);
    expect(response.data.itemNumber).toBe(7);
  });

  it('clears both tokens and sends the user to /login?sessionExpired=true when the refresh fails', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    const { refresh } = useProtectedApi('never', () =>
      HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 }),
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => api.get(`/api/dm/items/${n}/`)));
    expect(refresh.calls).toBe(1);
    expect(results.every((r) => r.status === 'rejected' && isSessionEnded(r.reason))).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?sessionExpired=true');
  });

  it('rejects a refreshed token whose exp is in the past', async () => {
    const stale = fakeAccessToken(-60, 'stale');
    setTokens({ access: 'old', refresh: 'r1' });
    const { seen } = useProtectedApi(stale, () => HttpResponse.json({ access: stale, refresh: 'r2' }));
    await expect(api.get('/api/dm/items/1/')).rejects.toSatisfy(isSessionEnded);
    expect(seen).toEqual(['Bearer old']);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?sessionExpired=true');
  });

  it('ends the session without calling refresh when there is no refresh token', async () => {
    setTokens({ access: 'old' });
    const { refresh } = useProtectedApi('never', () => HttpResponse.json({}));
    await expect(api.get('/api/dm/items/1/')).rejects.toSatisfy(isSessionEnded);
    expect(refresh.calls).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login?sessionExpired=true');
  });

  it('retries only once: a second 401 after the refresh is returned to the caller', async () => {
    const fresh = fakeAccessToken(600, 'fresh');
    setTokens({ access: 'old', refresh: 'r1' });
    const { refresh, seen } = useProtectedApi('accepted-by-nobody', () =>
      HttpResponse.json({ access: fresh }),
    );
    await expect(api.get('/api/dm/items/1/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refresh.calls).toBe(1);
    expect(seen).toEqual(['Bearer old', `Bearer ${fresh}`]);
  });

  it('sends nothing and goes to /login?relogin=true for a protected call without a token', async () => {
    const seen = vi.fn();
    server.use(
      http.get('/api/dm/items/1/', () => {
        seen();
        return HttpResponse.json({});
      }),
    );
    await expect(api.get('/api/dm/items/1/')).rejects.toSatisfy(isSessionEnded);
    expect(seen).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login?relogin=true');
  });

  it('lets public calls through without a token and never refreshes them', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.post('/api/ph/contact/', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ detail: 'nope' }, { status: 401 });
      }),
      http.post(refreshPath, () => HttpResponse.json({ access: fakeAccessToken(60) })),
    );
    setTokens({ access: 'old', refresh: 'r1' });
    await expect(api.post('/api/ph/contact/', { name: 'x' }, { public: true })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(auth).toBeNull();
    expect(getAccessToken()).toBe('old');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never refreshes on a failing authenticate call', async () => {
    const refreshCalls = vi.fn();
    server.use(
      http.post('/api/ph/authenticate/', () =>
        HttpResponse.json(
          { non_field_errors: ['Unable to log in with provided credentials.'] },
          { status: 401 },
        ),
      ),
      http.post(refreshPath, () => {
        refreshCalls();
        return HttpResponse.json({});
      }),
    );
    setTokens({ access: 'old', refresh: 'r1' });
    await expect(api.post('/api/ph/authenticate/', 'username=a')).rejects.toMatchObject({
      response: { status: 401, data: { non_field_errors: ['Unable to log in with provided credentials.'] } },
    });
    expect(refreshCalls).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
