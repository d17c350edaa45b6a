import dayjs from 'dayjs';
import { filterFromQuery, filterToQuery } from './filterQuery';
import { defaultFilter, type FilterState } from './filterSlice';

const defaults = defaultFilter(dayjs('2024-03-05'));

describe('filterToQuery / filterFromQuery', () => {
  it('writes only what differs from "all", always the dates', () => {
    expect(filterToQuery(defaults).toString()).toBe('begin_date=2024-02-27&end_date=2024-03-05');
    const chosen: FilterState = {
      organization: 3,
      domainGroups: [1, 2],
      domain: 'example.com',
      beginDate: '2024-05-01',
      endDate: '2024-05-08',
    };
    expect(filterToQuery(chosen).toString()).toBe(
      'organization=3&domain_groups=1%2C2&domain=example.com&begin_date=2024-05-01&end_date=2024-05-08',
    );
  });

  it('round-trips through the URL', () => {
    const chosen: FilterState = {
      organization: 12,
      domainGroups: [4, 7],
      domain: 'mail.example.org',
      beginDate: '2023-12-25',
      endDate: '2024-01-01',
    };
    expect(filterFromQuery(filterToQuery(chosen), defaults)).toEqual(chosen);
    expect(filterFromQuery(`?${filterToQuery(chosen).toString()}`, defaults)).toEqual(chosen);
  });

  it('an empty query gives the defaults', () => {
    expect(filterFromQuery('', defaults)).toEqual(defaults);
  });

  it('malformed values fall back to their defaults', () => {
    const parsed = filterFromQuery(
      'organization=abc&domain_groups=x,,0,-1&domain=%20&begin_date=2024-02-31&end_date=yesterday',
      defaults,
    );
    expect(parsed).toEqual(defaults);
  });

  it('keeps the valid ids of a partly malformed group list, without duplicates', () => {
    expect(filterFromQuery('domain_groups=3,x,5,3', defaults).domainGroups).toEqual([3, 5]);
  });

  it('swaps a reversed date range', () => {
    const parsed = filterFromQuery('begin_date=2024-05-08&end_date=2024-05-01', defaults);
    expect(parsed).toMatchObject({ beginDate: '2024-05-01', endDate: '2024-05-08' });
  });
});
