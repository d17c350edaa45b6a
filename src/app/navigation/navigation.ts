// Sagas navigate through this module; the router registers its navigate function on mount.

type Navigate = (url: string, options?: { replace?: boolean }) => void;

let routerNavigate: Navigate | null = null;

export function setAppNavigate(next: Navigate | null): void {
  routerNavigate = next;
}

export function navigateTo(url: string, options?: { replace?: boolean }): void {
  if (routerNavigate) routerNavigate(url, options);
  else window.location.assign(url);
}
