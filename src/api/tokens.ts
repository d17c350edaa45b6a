import { tokenStorageKeys } from '../../contract/auth';

export type TokenPair = { access: string; refresh?: string | null };

export function getAccessToken(): string | null {
  return localStorage.getItem(tokenStorageKeys.access);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(tokenStorageKeys.refresh);
}

// The refresh answer may omit the refresh token: keep the stored one then.
export function setTokens({ access, refresh }: TokenPair): void {
  localStorage.setItem(tokenStorageKeys.access, access);
  if (refresh) localStorage.setItem(tokenStorageKeys.refresh, refresh);
}

export function clearTokens(): void {
  localStorage.removeItem(tokenStorageKeys.access);
  localStorage.removeItem(tokenStorageKeys.refresh);
}
