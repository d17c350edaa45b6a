import { configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../App';
import { AppRoutes } from '../router/AppRoutes';
import { createAppStore, type AppStore } from '../store';

// Pages are lazy chunks: on a busy machine (all test files in parallel on 2 cores) the first import of a
// page can take seconds, so whole-app tests wait longer than the defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** Shows the router's location so tests can assert where navigation ended. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app (real store, sagas, routes) at `path`, in a memory router. */
export function renderApp(path: string, store: AppStore = createAppStore()) {
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => view.getByTestId('location').textContent;
  return { ...view, store, location };
}
