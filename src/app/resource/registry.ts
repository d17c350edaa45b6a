import type { Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

// Resources register themselves here so the store does not list thirty slices by hand:
//   combineReducers({ ...resourceReducers, ...others }) and all(resourceSagas.map(fork)).
// Both collections are live; onRegister tells a running store about resources that load later
// (route-level code splitting), so it can replaceReducer and run the new saga.

export type RegistryEntry = { name: string; reducer: Reducer; saga?: Saga };
type Listener = (entry: RegistryEntry) => void;

export const resourceReducers: Record<string, Reducer> = {};
export const resourceSagas: Saga[] = [];
const sagaByName = new Map<string, Saga>();
const listeners = new Set<Listener>();

export function register(entry: RegistryEntry): void {
  resourceReducers[entry.name] = entry.reducer;
  if (entry.saga) {
    // Re-registering a name (hot reload) replaces its saga instead of running two.
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
