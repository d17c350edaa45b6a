import { useTranslation } from 'react-i18next';
import { Select, type SelectOption } from '../../../components/Select';
import { all, type FilterState } from '../filterSlice';
import type { FilterOptions, OrganizationOption } from '../filterOptionsApi';

type Change = (next: FilterState) => void;
type Props = { filter: FilterState; onChange: Change; isLoading: boolean };

const option = <V extends string | number>(value: V, label: string): SelectOption<V> => ({ value, label });

/** Organization: for support users and members of several organizations; "all" is the cleared value. */
export function OrganizationPicker({
  filter,
  onChange,
  organizations,
  isLoading,
}: Props & { organizations: OrganizationOption[] }) {
  const { t } = useTranslation('filter');
  const options = organizations.map((o) => option(o.id, o.name));
  const chosen = options.find((o) => o.value === filter.organization) ?? null;
  return (
    <Select<number>
      inputId="filter-organization"
      options={options}
      value={
        chosen ??
        (filter.organization === null ? null : option(filter.organization, `#${filter.organization}`))
      }
      placeholder={t('allOrganizations')}
      isClearable
      isLoading={isLoading}
      onChange={(next) =>
        onChange({ ...filter, organization: next?.value ?? null, domainGroups: all, domain: all })
      }
    />
  );
}

export function GroupsPicker({
  filter,
  onChange,
  options,
  isLoading,
}: Props & { options: FilterOptions | null }) {
  const { t } = useTranslation('filter');
  const choices = (options?.groups ?? []).map((g) => option(g.id, g.name));
  const ids = filter.domainGroups === all ? [] : filter.domainGroups;
  // A group from a shared link that this list does not know still shows, by its id.
  const value = ids.map((id) => choices.find((c) => c.value === id) ?? option(id, t('groupById', { id })));
  return (
    <Select<number>
      isMulti
      inputId="filter-domain-groups"
      options={choices}
      value={value}
      placeholder={t('allGroups')}
      isLoading={isLoading}
      onChange={(next) => onChange({ ...filter, domainGroups: next.length ? next.map((o) => o.value) : all })}
    />
  );
}

export function DomainPicker({
  filter,
  onChange,
  options,
  isLoading,
}: Props & { options: FilterOptions | null }) {
  const { t } = useTranslation('filter');
  // With groups chosen, only their domains are offered.
  const ids = filter.domainGroups === all ? null : filter.domainGroups;
  const groups = (options?.groups ?? []).filter((g) => ids === null || ids.includes(g.id));
  const names = ids === null ? (options?.domains ?? []) : [...new Set(groups.flatMap((g) => g.domains))];
  const value = filter.domain === all ? null : option(filter.domain, filter.domain);
  return (
    <Select<string>
      inputId="filter-domain"
      options={names.map((n) => option(n, n))}
      value={value}
      placeholder={t('allDomains')}
      isClearable
      isLoading={isLoading}
      onChange={(next) => onChange({ ...filter, domain: next?.value ?? all })}
    />
  );
}
