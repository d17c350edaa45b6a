import { describe, expect, it } from 'vitest';
import { authSlice } from '../features/auth/state/authSlice';
import { createResource } from './resource/createResource';
import { registerResource } from './resource/registry';
import { createAppStore } from './store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAppStore with lazily registered resources', () => {
  it('shows the state of a resource registered after start-up at once and runs its saga', async () => {
    const store = createAppStore();
    try {
      expect(store.getState().lateThings).toBeUndefined();
      // What a page chunk's *Resources.ts does when it loads.
      const late = registerResource(
        createResource({ name: 'lateThings', kind: 'read', request: async () => 7 }),
      );
      expect(store.getState().lateThings).toEqual({ data: null, isLoading: false, error: null });
      store.dispatch(late.actions.request());
      await flush();
      expect(late.selectors.selectData(store.getState())).toBe(7);
    } finally {
      store.stopRegistryListener();
    }
  });

  it('starts an injected resource over when the session ends and keeps the preferences', () => {
    const store = createAppStore();
    try {
      const drafts = registerResource(
        createResource<void, string>({ name: 'lateDrafts', kind: 'read', request: async () => 'x' }),
      );
      store.dispatch(drafts.actions.change('draft'));
      expect(drafts.selectors.selectData(store.getState())).toBe('draft');
      const preferences = store.getState().preferences;
      store.dispatch(authSlice.actions.sessionEnded());
      expect(drafts.selectors.selectData(store.getState())).toBeNull();
      expect(store.getState().preferences).toBe(preferences);
    } finally {
      store.stopRegistryListener();
    }
  });
});
