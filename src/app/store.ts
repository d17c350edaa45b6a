import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice, type AuthState } from '../features/auth/state/authSlice';
import { filterReducer, type FilterState } from '../features/filter/filterSlice';
import { initialMenuState, menuSlice, type MenuState } from './menu/menuSlice';
import { preferencesSlice, type PreferencesState } from './preferences/preferencesSlice';
import { onRegister, resourceReducers } from './resource/registry';
import { rootSaga } from './rootSaga';

export type RootState = {
  auth: AuthState;
  menu: MenuState;
  preferences: PreferencesState;
  filter: FilterState;
  [resource: string]: unknown;
};

const staticReducers = {
  auth: authSlice.reducer,
  menu: menuSlice.reducer,
  preferences: preferencesSlice.reducer,
  filter: filterReducer,
};

function buildRootReducer(): Reducer<RootState, UnknownAction> {
  const combined = combineReducers({ ...resourceReducers, ...staticReducers }) as unknown as Reducer<
    RootState,
    UnknownAction
  >;
  return (state, action) => {
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
}

export function createAppStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: buildRootReducer(),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  // Resources of lazily loaded pages register after start-up: add their reducer and run their saga.
  const stop = onRegister((entry) => {
    store.replaceReducer(buildRootReducer());
    if (entry.saga) sagaMiddleware.run(entry.saga);
  });
  return Object.assign(store, { stopRegistryListener: stop });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
