import axios, { AxiosError, AxiosHeaders, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { jwtDecode } from 'jwt-decode';
import { camelCaseKeys } from '../../contract/casing';
import { authOps } from '../../contract/operations/auth';
import { loadErrors } from '../i18n';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './tokens';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A public call: no bearer token, no refresh, no redirect to /login. */
    public?: boolean;
    /** Set on the single retry after a refresh so a second failure is final. */
    retriedAfterRefresh?: boolean;
    /** Keep response keys as the server sent them (e.g. for file downloads). */
    rawResponse?: boolean;
  }
}

// A bare axios call (not through the interceptors), but its path is the descriptor's.
export const refreshUrl = authOps.refresh.path;
export const loginRedirects = {
  relogin: '/login?relogin=true',
  sessionExpired: '/login?sessionExpired=true',
} as const;

type Navigator = (url: string) => void;
const defaultNavigator: Navigator = (url) => window.location.assign(url);
let navigate: Navigator = defaultNavigator;

/** The router plugs its navigate in here; `null` restores window.location.assign. */
export function setNavigator(next: Navigator | null): void {
  navigate = next ?? defaultNavigator;
}

type TokenListener = (access: string | null) => void;
const tokenListeners = new Set<TokenListener>();

/** Told the new access token after a refresh, or null when the session ended. */
export function onSessionChange(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Rejection of a call that ended the session: the user is being sent to /login, so no toast. */
export class SessionEndedError extends CanceledError<unknown> {
  readonly reason: keyof typeof loginRedirects;
  constructor(reason: keyof typeof loginRedirects, config?: InternalAxiosRequestConfig) {
    super(reason === 'relogin' ? 'No access token' : 'Session expired', config);
    this.reason = reason;
  }
}

export function isSessionEnded(error: unknown): error is SessionEndedError {
  return error instanceof SessionEndedError;
}

export const api = axios.create({ baseURL: '/', headers: { Accept: 'application/json' } });

// /authenticate/, /authenticate/refresh/, /authenticate/recovery/: never refreshed, never redirected.
function isAuthUrl(url: string | undefined): boolean {
  return !!url && url.includes('/authenticate/');
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const value = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof value === 'string' ? value.replace(/^Bearer /, '') : null;
}

api.interceptors.request.use((config) => {
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) config.headers.set('X-XSRF-TOKEN', xsrf);
  if (config.public || isAuthUrl(config.url)) return config;
  const token = getAccessToken();
  if (!token) {
    navigate(loginRedirects.relogin);
    throw new SessionEndedError('relogin', config);
  }
  config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

// Spec section 5: a refreshed token is accepted only if its expiry is later than now.
function isUnexpired(token: string): boolean {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > Date.now();
  } catch {
    return false;
  }
}

async function requestNewAccessToken(): Promise<string | null> {
  const refresh = getRefreshToken();
  if (!refresh) return null;
  try {
    // A bare axios call: the refresh must not go through `api` and its interceptors.
    const { data } = await axios.post<unknown>(refreshUrl, new URLSearchParams({ refresh }), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    });
    const body = (data ?? {}) as { access?: unknown; refresh?: unknown };
    if (typeof body.access !== 'string' || !isUnexpired(body.access)) return null;
    setTokens({ access: body.access, refresh: typeof body.refresh === 'string' ? body.refresh : null });
    return body.access;
  } catch {
    return null;
  }
}

let pendingRefresh: Promise<string | null> | null = null;

/** One refresh for everyone: concurrent failures share the same promise. */
export function refreshSession(): Promise<string | null> {
  if (!pendingRefresh) {
    pendingRefresh = requestNewAccessToken().then((access) => {
      if (access) {
        tokenListeners.forEach((listener) => listener(access));
      } else {
        clearTokens();
        tokenListeners.forEach((listener) => listener(null));
        navigate(loginRedirects.sessionExpired);
      }
      return access;
    });
    void pendingRefresh.finally(() => {
      pendingRefresh = null;
    });
  }
  return pendingRefresh;
}

function needsRefresh(error: AxiosError): boolean {
  const config = error.config;
  const status = error.response?.status;
  if (!config || config.public || config.retriedAfterRefresh || isAuthUrl(config.url)) return false;
  return status === 401 || status === 403;
}

api.interceptors.response.use(
  (response) => {
    if (!response.config.rawResponse) response.data = camelCaseKeys(response.data);
    return response;
  },
  async (error: unknown) => {
    if (!(error instanceof AxiosError) || !error.config || !needsRefresh(error)) {
      // The words for its code are at hand before anyone reads the failure.
      if (error instanceof AxiosError && error.response) await loadErrors().catch(() => undefined);
      throw error;
    }
    const config = error.config;
    // A call sent with an old token that fails after another call already refreshed: just retry.
    const current = getAccessToken();
    // No token left: the session already ended (failed refresh or logout) while this call was out.
    if (!current) throw new SessionEndedError('sessionExpired', config);
    const fresh = current !== bearerOf(config) ? current : await refreshSession();
    if (!fresh) throw new SessionEndedError('sessionExpired', config);
    return api.request({ ...config, retriedAfterRefresh: true });
  },
);
