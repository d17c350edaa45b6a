import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../App';
import { AppRoutes } from '../router/AppRoutes';
import { createAppStore, type AppStore } from '../store';

// Pages are lazy chunks: on a busy machine the first import of a page can take seconds; the waits of
// src/test/setup.ts and the unit project's test timeout allow for it.

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
