import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import dayjs, { type Dayjs } from 'dayjs';

export const filterDateFormat = 'YYYY-MM-DD';
export const all = 'all' as const;

export type FilterState = {
  organization: number | null;
  domainGroups: typeof all | number[];
  domain: typeof all | string;
  beginDate: string;
  endDate: string;
};

// Spec sections 3 and 9: beginDate defaults to seven days before today.
export function defaultFilter(today: Dayjs = dayjs()): FilterState {
  return {
    organization: null,
    domainGroups: all,
    domain: all,
    beginDate: today.subtract(7, 'day').format(filterDateFormat),
    endDate: today.format(filterDateFormat),
  };
}

export const filterSlice = createSlice({
  name: 'filter',
  initialState: () => defaultFilter(),
  reducers: {
    // Groups and domains belong to an organization: a new organization starts from "all".
    setOrganization(state, action: PayloadAction<number | null>) {
      if (state.organization === action.payload) return;
      state.organization = action.payload;
      state.domainGroups = all;
      state.domain = all;
    },
    setDomainGroups(state, action: PayloadAction<typeof all | number[]>) {
      const groups = action.payload;
      state.domainGroups = groups === all || groups.length === 0 ? all : [...new Set(groups)];
    },
    setDomain(state, action: PayloadAction<typeof all | string>) {
      state.domain = action.payload.trim() === '' ? all : action.payload;
    },
    setBeginDate(state, action: PayloadAction<string>) {
      state.beginDate = action.payload;
    },
    setEndDate(state, action: PayloadAction<string>) {
      state.endDate = action.payload;
    },
    setDateRange(state, action: PayloadAction<{ beginDate: string; endDate: string }>) {
      state.beginDate = action.payload.beginDate;
      state.endDate = action.payload.endDate;
    },
    /** Replaces the whole filter, e.g. with filterFromQuery(location.search) on page load. */
    setFilter: (_state, action: PayloadAction<FilterState>) => action.payload,
    resetFilter: () => defaultFilter(),
  },
});

export const filterReducer = filterSlice.reducer;
export const {
  setOrganization,
  setDomainGroups,
  setDomain,
  setBeginDate,
  setEndDate,
  setDateRange,
  setFilter,
  resetFilter,
} = filterSlice.actions;

type Root = { filter: FilterState };
export const selectFilter = (root: Root) => root.filter;
export const selectOrganization = (root: Root) => root.filter.organization;
export const selectDomainGroups = (root: Root) => root.filter.domainGroups;
export const selectDomain = (root: Root) => root.filter.domain;
export const selectDateRange = (root: Root) => ({
  beginDate: root.filter.beginDate,
  endDate: root.filter.endDate,
});
