import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppToastContainer } from '../components/AppToastContainer';
import { AppThemeProvider } from '../theme/ThemeProvider';
import { Trackers } from '../features/trackers/Trackers';
import { AppRoutes } from './router/AppRoutes';
import type { AppStore } from './store';

/** Store, theme, toasts; the router is given so tests can use a MemoryRouter. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppThemeProvider>
        {children}
        <AppToastContainer />
      </AppThemeProvider>
    </Provider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      {/* Synchronous location updates, so a lazy page shows the loading overlay while it loads. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
        {/* Optional web analytics, off unless the server configures them (docs/OPERATIONS.md). */}
        <Trackers />
      </BrowserRouter>
    </AppProviders>
  );
}
