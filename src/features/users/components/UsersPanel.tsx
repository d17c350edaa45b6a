import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { Field } from '../../../app/layout/formControls';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Pager } from '../../../components/Pager';
import { TextField } from '../../../components/TextField';
import { PlainTable } from '../../../components/PlainTable';
import type { UserQuery } from '../usersApi';
import { deleteUserResource, groupsResource, usersResource } from '../usersResources';
import { Modal } from '../../../components/Modal';
import { selectTokenData } from '../../auth';
import { CreateUserForm } from './CreateUserForm';
import { UserDomainsEditor } from './UserDomainsEditor';
import { UserGroupSelect } from './UserGroupSelect';
import { roleLabel } from '../roleLabel';
import { Button, PrimaryButton } from '../../../components/Button';

/** Users of the organization: search, filter by authorization group, pages, create and delete. */
export function UsersPanel() {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(usersResource.selectors.selectState);
  const groups = useAppSelector(groupsResource.selectors.selectData) ?? [];
  const deleting = useAppSelector(deleteUserResource.selectors.selectIsLoading);
  const [query, setQuery] = useState<UserQuery>({ search: '', group: '', page: 1 });
  const [search, setSearch] = useState('');
  const [domainsOf, setDomainsOf] = useState<{ id: number; name: string } | null>(null);
  // Owners and admins limit members to some domains; support reads only (docs/PERMISSIONS.md).
  const canAssign = !useAppSelector(selectTokenData)?.isSupport;

  useEffect(() => {
    dispatch(groupsResource.actions.request());
  }, [dispatch]);
  useEffect(() => {
    dispatch(usersResource.actions.request(query));
  }, [dispatch, query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, search: search.trim(), page: 1 }));
  };
  const rows = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;

  return (
    <LoadingPanel isLoading={isLoading || deleting} title={t('list.title')}>
      <form onSubmit={submit} role="search" aria-label={t('list.searchLabel')}>
        <TextField
          id="users-search"
          type="search"
          label={t('list.search')}
          value={search}
          onChange={setSearch}
        />
        <Field>
          <label htmlFor="users-group">{t('list.group')}</label>
          <SelectControl
            id="users-group"
            value={query.group}
            onChange={(e) => {
              const group = e.target.value === '' ? '' : Number(e.target.value);
              setQuery((q) => ({ ...q, group, page: 1 }));
            }}
          >
            <option value="">{t('list.allGroups')}</option>
            {groups.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {roleLabel(t, g.attributes.name)}
              </option>
            ))}
          </SelectControl>
        </Field>
        <PrimaryButton type="submit">{t('list.apply')}</PrimaryButton>
      </form>
      {error && !data && <p role="alert">{error.message}</p>}
      {data && rows.length === 0 && <p>{t('list.empty')}</p>}
      {rows.length > 0 && (
        <PlainTable>
          <caption className="visually-hidden">{t('list.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('list.username')}</th>
              <th scope="col">{t('list.email')}</th>
              <th scope="col">{t('list.role')}</th>
              <th scope="col">{t('list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td>{u.attributes.username}</td>
                <td>{u.attributes.email}</td>
                <td>
                  {canAssign ? (
                    <UserGroupSelect user={u.id} name={u.attributes.username} role={u.attributes.role} />
                  ) : (
                    roleLabel(t, u.attributes.role)
                  )}
                </td>
                <td>
                  {canAssign && (u.attributes.role === 'member' || u.attributes.role === 'admin') && (
                    <Button
                      type="button"
                      aria-label={t('domains.openOf', { name: u.attributes.username })}
                      onClick={() => setDomainsOf({ id: u.id, name: u.attributes.username })}
                    >
                      {t('domains.open')}
                    </Button>
                  )}
                  <Button
                    type="button"
                    aria-label={t('list.deleteOf', { name: u.attributes.username })}
                    onClick={() => dispatch(deleteUserResource.actions.request(u.id))}
                  >
                    {t('list.delete')}
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
          label={t('list.pages')}
        />
      )}
      <CreateUserForm />
      <Modal
        isOpen={domainsOf !== null}
        onClose={() => setDomainsOf(null)}
        title={t('domains.title', { name: domainsOf?.name ?? '' })}
      >
        {domainsOf && <UserDomainsEditor key={domainsOf.id} user={domainsOf.id} name={domainsOf.name} />}
      </Modal>
    </LoadingPanel>
  );
}
