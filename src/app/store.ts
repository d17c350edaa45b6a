import { configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice, type AuthState } from '../features/auth/state/authSlice';
import type { FilterState } from '../features/filter/filterSlice';
import { initialMenuState, type MenuState } from './menu/menuSlice';
import type { PreferencesState } from './preferences/preferencesSlice';
import { onRegister, resourceInjected } from './resource/registry';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';

export type RootState = {
  auth: AuthState;
  menu: MenuState;
  preferences: PreferencesState;
  filter: FilterState;
  [resource: string]: unknown;
};

// Resource slices are injected under names known only at run time, hence the index signature above.
const combined = rootReducer as unknown as Reducer<RootState, UnknownAction>;

const appReducer: Reducer<RootState, UnknownAction> = (state, action) => {
  // When the session ends every session slice starts over; theme, language and the page to come back
  // to after the next login stay.
  if (state && authSlice.actions.sessionEnded.match(action)) {
    const kept = {
      preferences: state.preferences,
      menu: { ...initialMenuState, pendingUrl: state.menu.pendingUrl },
    } as RootState;
    return combined(kept, action);
  }
  return combined(state, action);
};

export function createAppStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: appReducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  // Resources of lazily loaded pages register after start-up: their reducer is already injected into
  // rootReducer; put their initial state in and run their saga.
  const stop = onRegister((entry) => {
    store.dispatch(resourceInjected(entry.name));
    if (entry.saga) sagaMiddleware.run(entry.saga);
  });
  return Object.assign(store, { stopRegistryListener: stop });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
