import { useEffect, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { filterFromQuery, filterQueryKeys, filterToQuery } from '../../features/filter/filterQuery';
import { selectFilter, setFilter, type FilterState } from '../../features/filter/filterSlice';
import { useAppDispatch, useAppSelector } from '../hooks';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-end;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;

  label {
    font-size: 0.85rem;
    font-weight: 500;
  }

  input {
    padding: 6px 10px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;

/**
 * The global filter's period, bound to the filter slice. Organization and domain pickers join when the
 * organizations and domains resources exist; until then the filter keeps their "all" defaults.
 */
export function FilterBar() {
  const { t } = useTranslation('pages');
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  const { beginDate, endDate } = filter;
  const [searchParams, setSearchParams] = useSearchParams();

  // A shared link carries the filter in its query: it wins over the stored filter on arrival.
  const hasQuery = Object.values(filterQueryKeys).some((key) => searchParams.has(key));
  useEffect(() => {
    if (hasQuery) dispatch(setFilter(filterFromQuery(searchParams, filter)));
    // Only on arrival; later changes flow from the inputs to the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (next: FilterState) => {
    dispatch(setFilter(next));
    setSearchParams(filterToQuery(next), { replace: true });
  };
  const onBegin = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value) change({ ...filter, beginDate: value, endDate: value > endDate ? value : endDate });
  };
  const onEnd = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value) change({ ...filter, endDate: value, beginDate: value < beginDate ? value : beginDate });
  };

  return (
    <Form role="search" aria-label={t('filter.title')} onSubmit={(event) => event.preventDefault()}>
      <Field>
        <label htmlFor="filter-begin-date">{t('filter.beginDate')}</label>
        <input id="filter-begin-date" type="date" value={beginDate} max={endDate} onChange={onBegin} />
      </Field>
      <Field>
        <label htmlFor="filter-end-date">{t('filter.endDate')}</label>
        <input id="filter-end-date" type="date" value={endDate} min={beginDate} onChange={onEnd} />
      </Field>
    </Form>
  );
}
