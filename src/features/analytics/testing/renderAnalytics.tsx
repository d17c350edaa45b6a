import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../../../app/App';
import { createAppStore } from '../../../app/store';
import { storeSession } from '../../../app/testing/session';

/** The current URL, for tests that check what the page writes there. */
export const location = { search: '' };

function LocationProbe() {
  const { search } = useLocation();
  useEffect(() => {
    location.search = search;
  }, [search]);
  return null;
}

/** One page with the real store and sagas, signed in (support or not), at `path`. */
export function renderAnalytics(page: ReactElement, path: string, isSupport = false) {
  storeSession({ isSupport });
  const store = createAppStore();
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[path]}>
          {page}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}
