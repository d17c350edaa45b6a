import { describe, expect, it } from 'vitest';
import { initialMenuState, menuActions, menuSlice } from './menuSlice';

const reduce = menuSlice.reducer;

describe('menu slice', () => {
  it('defaults to primary analytics and secondary dashboard, no pending URL, no breadcrumbs', () => {
    const state = reduce(undefined, { type: '@@init' });
    expect(state.primary).toBe('analytics');
    expect(state.secondary).toBe('dashboard');
    expect(state.pendingUrl).toBeNull();
    expect(state.breadcrumbs).toEqual([]);
    expect(state.navigationPending).toBe(false);
  });

  it('lists the menu entries with enabled flags, without the link-less settings pages', () => {
    const ids = initialMenuState.entries.map((e) => e.id);
    expect(ids).toContain('dkim');
    expect(ids).not.toContain('dynamicSettings');
    expect(initialMenuState.entries.every((e) => typeof e.enabled === 'boolean')).toBe(true);
  });

  it('selects an entry with breadcrumbs, and stores and clears the pending URL', () => {
    let state = reduce(
      undefined,
      menuActions.menuSelected({
        primary: 'monitoring',
        secondary: 'alerts',
        breadcrumbs: [
          { labelKey: 'groups.monitoring' },
          { labelKey: 'pages.alerts', path: '/msas/monitoring/alerts' },
        ],
      }),
    );
    expect(state).toMatchObject({ primary: 'monitoring', secondary: 'alerts' });
    expect(state.breadcrumbs).toHaveLength(2);
    state = reduce(state, menuActions.pendingUrlSet('/msas/monitoring/alerts'));
    expect(state.pendingUrl).toBe('/msas/monitoring/alerts');
    state = reduce(state, menuActions.pendingUrlSet(null));
    expect(state.pendingUrl).toBeNull();
  });

  it('disables an entry and tracks navigation', () => {
    let state = reduce(undefined, menuActions.entryEnabledChanged({ id: 'dkim', enabled: false }));
    expect(state.entries.find((e) => e.id === 'dkim')?.enabled).toBe(false);
    state = reduce(state, menuActions.navigationStarted());
    expect(state.navigationPending).toBe(true);
    state = reduce(state, menuActions.navigationFinished());
    expect(state.navigationPending).toBe(false);
  });
});
