import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/state/authSlice';
import { filterReducer } from '../features/filter/filterSlice';
import { menuSlice } from './menu/menuSlice';
import { preferencesSlice } from './preferences/preferencesSlice';

// The slices every page needs; resources are injected when their module loads (registerResource), so a
// lazily loaded page brings its own reducers. inject() swaps the reducer inside this same function, so a
// running store picks them up without replaceReducer.
export const rootReducer = combineSlices(authSlice, menuSlice, preferencesSlice, { filter: filterReducer });
