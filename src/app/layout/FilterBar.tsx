import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  DomainPicker,
  GroupsPicker,
  OrganizationPicker,
} from '../../features/filter/components/FilterPickers';
import {
  filterOptionsResource,
  organizationOptionsResource,
} from '../../features/filter/filterOptionsResources';
import { filterFromQuery, filterQueryKeys } from '../../features/filter/filterQuery';
import { selectFilter, setFilter } from '../../features/filter/filterSlice';
import { useFilterChange } from '../../features/filter/useFilterChange';
import { periodFrom, periodTo } from '../../features/filter/period';
import { selectTokenData } from '../../features/auth/state/authSelectors';
import { DateInput } from '../../components/DateInput';
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

const Field = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: ${({ $wide }) => ($wide ? '220px' : 'auto')};
  flex: ${({ $wide }) => ($wide ? '1 1 220px' : '0 0 auto')};

  label {
    font-size: 0.85rem;
    font-weight: 500;
  }
`;

const Note = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.error};
`;

/** The global filter (spec section 3): organization, domain groups, domain and period, kept in the URL. */
export function FilterBar() {
  const { t } = useTranslation('filter');
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  const { beginDate, endDate } = filter;
  const isSupport = useAppSelector(selectTokenData)?.isSupport ?? false;
  const organizations = useAppSelector(organizationOptionsResource.selectors.selectState);
  const options = useAppSelector(filterOptionsResource.selectors.selectState);
  const [searchParams] = useSearchParams();

  // A shared link carries the filter in its query: it wins over the stored filter on arrival. A URL without
  // one stays clean and means the defaults (a rolling last seven days); any change writes the filter there.
  const hasQuery = Object.values(filterQueryKeys).some((key) => searchParams.has(key));
  useEffect(() => {
    if (hasQuery) dispatch(setFilter(filterFromQuery(searchParams, filter)));
    dispatch(organizationOptionsResource.actions.request());
    // Only on arrival; later changes flow from the inputs to the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    dispatch(filterOptionsResource.actions.request(filter.organization));
  }, [dispatch, filter.organization]);

  const change = useFilterChange();
  // The other end follows so the period stays within what the server charts (maxPeriodDays).
  const onBegin = (value: string) => {
    if (value) change({ ...filter, ...periodFrom(value, endDate) });
  };
  const onEnd = (value: string) => {
    if (value) change({ ...filter, ...periodTo(beginDate, value) });
  };

  const orgList = organizations.data ?? [];
  const showOrganizations = isSupport || orgList.length > 1 || filter.organization !== null;
  const pickerProps = { filter, onChange: change, isLoading: options.isLoading };

  return (
    <Form role="search" aria-label={t('title')} onSubmit={(event) => event.preventDefault()}>
      {showOrganizations && (
        <Field $wide>
          <label htmlFor="filter-organization">{t('organization')}</label>
          <OrganizationPicker {...pickerProps} organizations={orgList} isLoading={organizations.isLoading} />
        </Field>
      )}
      <Field $wide>
        <label htmlFor="filter-domain-groups">{t('domainGroups')}</label>
        <GroupsPicker {...pickerProps} options={options.data} />
      </Field>
      <Field $wide>
        <label htmlFor="filter-domain">{t('domain')}</label>
        <DomainPicker {...pickerProps} options={options.data} />
      </Field>
      <Field>
        <label htmlFor="filter-begin-date">{t('beginDate')}</label>
        <DateInput id="filter-begin-date" value={beginDate} onChange={onBegin} />
      </Field>
      <Field>
        <label htmlFor="filter-end-date">{t('endDate')}</label>
        <DateInput id="filter-end-date" value={endDate} onChange={onEnd} />
      </Field>
      {(options.error || organizations.error) && <Note role="status">{t('optionsFailed')}</Note>}
    </Form>
  );
}
