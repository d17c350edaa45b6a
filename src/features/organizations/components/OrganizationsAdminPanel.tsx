import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { TextField } from '../../../components/TextField';
import type { OrganizationQuery } from '../adminApi';
import { organizationsListResource } from '../adminResources';
import { organizationDetailResource } from '../organizationResources';
import type { Organization } from '../organizationsApi';
import { CreateOrganizationForm } from './CreateOrganizationForm';
import { PlainTable } from '../../../components/PlainTable';
import { OrganizationDomainsEditor } from './OrganizationDomainsEditor';
import { Button, PrimaryButton } from '../../../components/Button';
import { organizationLabel } from '../../../components/organizationLabel';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 20px;
  margin: 0 0 16px;

  dt {
    font-weight: 500;
  }

  dd {
    margin: 0;
  }
`;

function OrganizationDetail({ org }: { org: Organization }) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const detail = useAppSelector(organizationDetailResource.selectors.selectState);
  useEffect(() => {
    dispatch(organizationDetailResource.actions.request(org.id));
  }, [dispatch, org.id]);
  const { benefits } = org.attributes;
  const ownerId = org.relationships.owner.data?.id;
  const members = detail.data?.organization.id === org.id ? detail.data.members : null;
  const owner = members?.find((m) => m.id === ownerId);
  return (
    <>
      <Facts aria-busy={detail.isLoading}>
        <dt>{t('admin.owner')}</dt>
        <dd>
          {owner
            ? `${owner.attributes.username} (${owner.attributes.email})`
            : ownerId === undefined
              ? t('admin.noOwner')
              : t('admin.ownerId', { id: ownerId })}
        </dd>
        <dt>{t('admin.members')}</dt>
        <dd>
          {members
            ? members.map((m) => m.attributes.username).join(', ')
            : org.relationships.members.data.length}
        </dd>
        <dt>{t('admin.limit')}</dt>
        <dd>{benefits.organizationMembersLimit ?? t('admin.unlimited')}</dd>
      </Facts>
      {/* Support reads every organization but changes none (docs/PERMISSIONS.md): the domains read-only. */}
      <OrganizationDomainsEditor org={org.id} canEdit={false} />
    </>
  );
}

/** Support: every organization, searchable and paged, with their details and the create form. */
export function OrganizationsAdminPanel() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(organizationsListResource.selectors.selectState);
  const [query, setQuery] = useState<OrganizationQuery>({ search: '', page: 1 });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Organization | null>(null);
  useEffect(() => {
    dispatch(organizationsListResource.actions.request(query));
  }, [dispatch, query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), page: 1 });
  };
  const rows = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;

  return (
    <LoadingPanel isLoading={isLoading} title={t('admin.title')}>
      <form onSubmit={submit} role="search" aria-label={t('admin.searchLabel')}>
        <TextField
          id="orgs-search"
          type="search"
          label={t('admin.search')}
          value={search}
          onChange={setSearch}
        />
        <PrimaryButton type="submit">{t('admin.apply')}</PrimaryButton>
      </form>
      {error && !data && <p role="alert">{error.message}</p>}
      {data && rows.length === 0 && <p>{t('admin.empty')}</p>}
      {rows.length > 0 && (
        <PlainTable>
          <caption className="visually-hidden">{t('admin.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.name')}</th>
              <th scope="col">{t('admin.members')}</th>
              <th scope="col">{t('admin.domains')}</th>
              <th scope="col">{t('detail.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((org) => (
              <tr key={org.id}>
                <td>{organizationLabel(t, org.attributes.name)}</td>
                <td>{org.relationships.members.data.length}</td>
                <td>{org.relationships.domains.data.length}</td>
                <td>
                  <Button
                    type="button"
                    aria-label={t('admin.detailsOf', { name: org.attributes.name })}
                    onClick={() => setOpen(org)}
                  >
                    {t('admin.details')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      {pages > 1 && (
        <Pager
          page={query.page}
          pageCount={pages}
          count={data?.meta.count ?? 0}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
          label={t('admin.pages')}
        />
      )}
      <CreateOrganizationForm />
      <Modal
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={open?.attributes.name ?? ''}
        width={640}
      >
        {open && <OrganizationDetail org={open} />}
      </Modal>
    </LoadingPanel>
  );
}
