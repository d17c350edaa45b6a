import { createAction, type Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { rootReducer } from '../rootReducer';

// Resources register themselves here so the store does not list thirty slices by hand: the reducer goes
// into the root reducer through RTK's combineSlices().inject(), the saga into resourceSagas, which
// rootSaga forks at start-up. onRegister tells a running store about resources that load later
// (route-level code splitting), so it can run the new saga and show the new slice's state at once.

export type RegistryEntry = { name: string; reducer: Reducer; saga?: Saga };
type Listener = (entry: RegistryEntry) => void;

/** Dispatched by a running store after an injection, so the new slice's initial state is in the state. */
export const resourceInjected = createAction<string>('resources/injected');

export const resourceSagas: Saga[] = [];
const sagaByName = new Map<string, Saga>();
const listeners = new Set<Listener>();

export function register(entry: RegistryEntry): void {
  // Re-registering a name (hot reload) replaces its reducer and its saga instead of running two.
  rootReducer.inject({ reducerPath: entry.name, reducer: entry.reducer }, { overrideExisting: true });
  if (entry.saga) {
    const previous = sagaByName.get(entry.name);
    const index = previous ? resourceSagas.indexOf(previous) : -1;
    if (index >= 0) resourceSagas.splice(index, 1, entry.saga);
    else resourceSagas.push(entry.saga);
    sagaByName.set(entry.name, entry.saga);
  }
  listeners.forEach((listener) => listener(entry));
}

/** Registers a createResource result and hands it back: `export const x = registerResource(createResource(...))`. */
export function registerResource<R extends { name: string; reducer: Reducer; saga: Saga }>(resource: R): R {
  register({ name: resource.name, reducer: resource.reducer, saga: resource.saga });
  return resource;
}

export function onRegister(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
