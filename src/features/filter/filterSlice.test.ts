import { configureStore } from '@reduxjs/toolkit';
import dayjs from 'dayjs';
import {
  defaultFilter,
  filterReducer,
  resetFilter,
  selectDateRange,
  selectDomain,
  selectDomainGroups,
  selectFilter,
  selectOrganization,
  setBeginDate,
  setDateRange,
  setDomain,
  setDomainGroups,
  setEndDate,
  setFilter,
  setOrganization,
} from './filterSlice';

const makeStore = () => configureStore({ reducer: { filter: filterReducer } });

describe('filter slice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 5, 10, 30)); // 5 March 2024, local time
  });
  afterEach(() => vi.useRealTimers());

  it('defaults: all groups, all domains, no organization, beginDate seven days before today', () => {
    const store = makeStore();
    expect(selectFilter(store.getState())).toEqual({
      organization: null,
      domainGroups: 'all',
      domain: 'all',
      beginDate: '2024-02-27',
      endDate: '2024-03-05',
    });
  });

  it('computes seven days back across a month and year boundary', () => {
    expect(defaultFilter(dayjs('2024-01-03')).beginDate).toBe('2023-12-27');
  });

  it('changes each part', () => {
    const store = makeStore();
    store.dispatch(setOrganization(4));
    store.dispatch(setDomainGroups([2, 3, 2]));
    store.dispatch(setDomain('example.com'));
    store.dispatch(setBeginDate('2024-01-01'));
    store.dispatch(setEndDate('2024-01-31'));
    const state = store.getState();
    expect(selectOrganization(state)).toBe(4);
    expect(selectDomainGroups(state)).toEqual([2, 3]);
    expect(selectDomain(state)).toBe('example.com');
    expect(selectDateRange(state)).toEqual({ beginDate: '2024-01-01', endDate: '2024-01-31' });
    store.dispatch(setDateRange({ beginDate: '2023-05-01', endDate: '2023-05-02' }));
    expect(selectDateRange(store.getState())).toEqual({ beginDate: '2023-05-01', endDate: '2023-05-02' });
  });

  it('an empty group selection or blank domain means all', () => {
    const store = makeStore();
    store.dispatch(setDomainGroups([1]));
    store.dispatch(setDomainGroups([]));
    store.dispatch(setDomain('  '));
    expect(selectDomainGroups(store.getState())).toBe('all');
    expect(selectDomain(store.getState())).toBe('all');
  });

  it('a new organization resets groups and domain; the same one keeps them', () => {
    const store = makeStore();
    store.dispatch(setOrganization(1));
    store.dispatch(setDomainGroups([5]));
    store.dispatch(setDomain('a.example'));
    store.dispatch(setOrganization(1));
    expect(selectDomain(store.getState())).toBe('a.example');
    store.dispatch(setOrganization(2));
    expect(selectFilter(store.getState())).toMatchObject({
      organization: 2,
      domainGroups: 'all',
      domain: 'all',
    });
  });

  it('setFilter replaces and resetFilter restores the defaults of today', () => {
    const store = makeStore();
    const chosen = {
      organization: 9,
      domainGroups: [1],
      domain: 'x.example',
      beginDate: '2024-01-01',
      endDate: '2024-01-02',
    };
    store.dispatch(setFilter(chosen));
    expect(selectFilter(store.getState())).toEqual(chosen);
    vi.setSystemTime(new Date(2024, 2, 20, 9));
    store.dispatch(resetFilter());
    expect(selectFilter(store.getState())).toEqual({
      ...defaultFilter(),
      beginDate: '2024-03-13',
      endDate: '2024-03-20',
    });
  });
});
