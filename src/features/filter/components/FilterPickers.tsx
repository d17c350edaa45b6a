import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, type SelectOption } from '../../../components/Select';
import { organizationLabel } from '../../../components/organizationLabel';
import { all, type FilterState } from '../filterSlice';
import {
  fetchDomainPage,
  fetchOrganizationName,
  fetchOrganizationPage,
  optionsPageSize,
  type FilterOptions,
  type OrganizationOption,
} from '../filterOptionsApi';
import type { PageLoader } from '../usePagedOptions';
import { PagedSelect } from './PagedSelect';

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
  // The option last picked keeps its name: it may come from any page the server answered.
  const [picked, setPicked] = useState<SelectOption<number> | null>(null);
  const id = filter.organization;
  const known = organizations.find((o) => o.id === id)?.name ?? (picked?.value === id ? picked.label : null);
  const fetched = useOrganizationName(known === null ? id : null);
  const load = useCallback<PageLoader<SelectOption<number>>>(
    async (search, page, signal) => {
      const { items, hasMore } = await fetchOrganizationPage(search, page, signal);
      return { items: items.map((o) => option(o.id, organizationLabel(t, o.name))), hasMore };
    },
    [t],
  );
  const first = useMemo(
    () => ({
      items: organizations.map((o) => option(o.id, organizationLabel(t, o.name))),
      hasMore: organizations.length >= optionsPageSize,
    }),
    [organizations, t],
  );
  return (
    <PagedSelect<number>
      inputId="filter-organization"
      load={load}
      first={organizations.length > 0 ? first : null}
      value={id === null ? null : option(id, organizationLabel(t, known ?? fetched ?? `#${id}`))}
      placeholder={t('allOrganizations')}
      isLoading={isLoading}
      onChange={(next) => {
        setPicked(next);
        onChange({ ...filter, organization: next?.value ?? null, domainGroups: all, domain: all });
      }}
    />
  );
}

/** The name of an organization chosen by a shared link and not among the loaded ones (null while unknown). */
function useOrganizationName(id: number | null): string | null {
  const [names, setNames] = useState<Record<number, string>>({});
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    fetchOrganizationName(id, controller.signal).then(
      (name) => setNames((all) => ({ ...all, [id]: name })),
      () => undefined, // Unknown or not visible: the picker keeps showing its id.
    );
    return () => controller.abort();
  }, [id]);
  return id === null ? null : (names[id] ?? null);
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
  const organization = filter.organization;
  const load = useCallback<PageLoader<SelectOption<string>>>(
    async (search, page, signal) => {
      const { items, hasMore } = await fetchDomainPage(organization, search, page, signal);
      return { items: items.map((n) => option(n, n)), hasMore };
    },
    [organization],
  );
  const loaded = options?.domains;
  const first = useMemo(
    () => (loaded ? { items: loaded.items.map((n) => option(n, n)), hasMore: loaded.hasMore } : null),
    [loaded],
  );
  const value = filter.domain === all ? null : option(filter.domain, filter.domain);
  const choose = (next: SelectOption<string> | null) => onChange({ ...filter, domain: next?.value ?? all });
  const ids = filter.domainGroups === all ? null : filter.domainGroups;
  if (ids === null)
    return (
      <PagedSelect<string>
        inputId="filter-domain"
        load={load}
        first={first}
        isLoading={isLoading}
        value={value}
        placeholder={t('allDomains')}
        onChange={choose}
      />
    );
  // With groups chosen, only their domains are offered.
  const groups = (options?.groups ?? []).filter((g) => ids.includes(g.id));
  const names = [...new Set(groups.flatMap((g) => g.domains))];
  return (
    <Select<string>
      inputId="filter-domain"
      options={names.map((n) => option(n, n))}
      value={value}
      placeholder={t('allDomains')}
      isClearable
      isLoading={isLoading}
      onChange={choose}
    />
  );
}
