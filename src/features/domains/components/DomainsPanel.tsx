import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingButton } from '../../../components/LoadingButton';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { TextField } from '../../account/components/TextField';
import { useOnSuccess } from '../../account/useResourceForm';
import { Table } from '../../organizations/components/MembersTable';
import { domainChangeResource, domainsResource } from '../domainsResources';
import { DomainGroupsPanel } from './DomainGroupsPanel';

/** The organization's domains (add, delete) and its domain groups. */
export function DomainsPanel() {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(domainsResource.selectors.selectState);
  const change = useAppSelector(domainChangeResource.selectors.selectState);
  const [name, setName] = useState('');
  useEffect(() => {
    dispatch(domainsResource.actions.request());
  }, [dispatch]);
  useOnSuccess(change.method === 'post' ? change.status : undefined, () => setName(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(domainChangeResource.actions.request({ kind: 'create', name: name.trim() }));
  };
  const domains = data ?? [];
  return (
    <>
      <LoadingPanel isLoading={isLoading || change.isLoading} title={t('list.title')}>
        {error && !data && <p role="alert">{error.message}</p>}
        {data && domains.length === 0 && <p>{t('list.empty')}</p>}
        {domains.length > 0 && (
          <Table>
            <caption className="visually-hidden">{t('list.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {domains.map((d) => (
                <tr key={d.id}>
                  <td>{d.attributes.name}</td>
                  <td>
                    <button
                      type="button"
                      aria-label={t('list.deleteOf', { name: d.attributes.name })}
                      onClick={() =>
                        dispatch(
                          domainChangeResource.actions.request({ kind: 'delete', name: d.attributes.name }),
                        )
                      }
                    >
                      {t('list.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <form onSubmit={submit} noValidate aria-labelledby="domain-add-title">
          <h3 id="domain-add-title">{t('create.title')}</h3>
          <TextField
            id="domain-name"
            label={t('create.name')}
            value={name}
            onChange={setName}
            autoComplete="off"
            errors={change.method === 'post' ? change.error?.body?.name : undefined}
            required
          />
          <LoadingButton type="submit" isLoading={change.isLoading}>
            {t('create.submit')}
          </LoadingButton>
        </form>
      </LoadingPanel>
      <DomainGroupsPanel domains={domains.map((d) => d.attributes.name)} />
    </>
  );
}
