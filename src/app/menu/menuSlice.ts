import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { appRoutes, type MenuGroup } from '../router/routes';

// Menu state of spec section 2: primary/secondary selection, pending URL, breadcrumbs, entries.

export type Breadcrumb = { labelKey: string; path?: string };

export type MenuEntry = { id: string; path: string; group: MenuGroup; titleKey: string; enabled: boolean };

export type MenuState = {
  primary: string;
  secondary: string;
  /** Page the user asked for before being sent to /login. */
  pendingUrl: string | null;
  breadcrumbs: Breadcrumb[];
  entries: MenuEntry[];
  /** The side menu drawer on small screens. */
  isOpen: boolean;
  /** True from route-change start to completion. */
  navigationPending: boolean;
};

export const initialMenuState: MenuState = {
  primary: 'analytics',
  secondary: 'dashboard',
  pendingUrl: null,
  breadcrumbs: [],
  entries: appRoutes
    .filter((route) => route.inMenu && !route.hidden)
    .map(({ id, path, group, titleKey, enabled }) => ({ id, path, group, titleKey, enabled })),
  isOpen: false,
  navigationPending: false,
};

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    menuSelected(
      state,
      action: PayloadAction<{ primary: string; secondary: string; breadcrumbs: Breadcrumb[] }>,
    ) {
      state.primary = action.payload.primary;
      state.secondary = action.payload.secondary;
      state.breadcrumbs = action.payload.breadcrumbs;
    },
    pendingUrlSet(state, action: PayloadAction<string | null>) {
      state.pendingUrl = action.payload;
    },
    entryEnabledChanged(state, action: PayloadAction<{ id: string; enabled: boolean }>) {
      const entry = state.entries.find((e) => e.id === action.payload.id);
      if (entry) entry.enabled = action.payload.enabled;
    },
    menuToggled(state, action: PayloadAction<boolean | undefined>) {
      state.isOpen = action.payload ?? !state.isOpen;
    },
    navigationStarted(state) {
      state.navigationPending = true;
    },
    navigationFinished(state) {
      state.navigationPending = false;
    },
  },
});

export const menuActions = menuSlice.actions;

type WithMenu = { menu: MenuState };
export const selectMenu = (state: WithMenu) => state.menu;
export const selectPendingUrl = (state: WithMenu) => state.menu.pendingUrl;
export const selectNavigationPending = (state: WithMenu) => state.menu.navigationPending;
