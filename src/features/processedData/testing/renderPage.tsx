import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/App';
import { createAppStore } from '../../../app/store';
import { storeSession } from '../../../app/testing/session';

/** One page with the real store and sagas, signed in, at `path`. */
export function renderPage(page: ReactElement, path: string) {
  storeSession();
  const store = createAppStore();
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </AppProviders>,
    ),
  };
}
