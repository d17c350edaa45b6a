import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FieldError } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { fieldMessages, TextField } from '../../../components/TextField';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { organizationDomainChangeResource, organizationDomainsResource } from '../adminResources';
import { PlainTable } from '../../../components/PlainTable';
import { Button } from '../../../components/Button';

type Props = { org: number; canEdit: boolean };

/** An organization's domains through /organizations/{id}/domains/: list, add, rename, remove. */
export function OrganizationDomainsEditor({ org, canEdit }: Props) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(organizationDomainsResource.selectors.selectState);
  const change = useAppSelector(organizationDomainChangeResource.selectors.selectState);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  useEffect(() => {
    dispatch(organizationDomainsResource.actions.request(org));
  }, [dispatch, org]);
  useOnSuccess(change.status, () => {
    if (change.method === 'post') setName('');
    if (change.method === 'patch') setEditing(null);
  });
  const nameErrors = (method: string) => (change.method === method ? change.error?.body?.name : undefined);
  const add = (event: FormEvent) => {
    event.preventDefault();
    dispatch(organizationDomainChangeResource.actions.request({ kind: 'add', org, name: name.trim() }));
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const body = { kind: 'rename' as const, org, id: editing.id, name: editing.name.trim() };
    dispatch(organizationDomainChangeResource.actions.request(body));
  };
  const domains = data ?? [];
  const renameError = fieldMessages(nameErrors('patch'));

  return (
    <LoadingPanel isLoading={isLoading || change.isLoading} title={t('domains.title')}>
      {error && !data && <p role="alert">{error.message}</p>}
      {data && domains.length === 0 && <p>{t('domains.empty')}</p>}
      {domains.length > 0 && (
        <PlainTable>
          <caption className="visually-hidden">{t('domains.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('domains.name')}</th>
              {canEdit && <th scope="col">{t('detail.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {domains.map((d) => {
              const current = d.attributes.name;
              const isEditing = editing?.id === d.id;
              return (
                <tr key={d.id}>
                  <td>
                    {isEditing ? (
                      <form id={`org-domain-rename-${d.id}`} onSubmit={rename} noValidate>
                        <label className="visually-hidden" htmlFor={`org-domain-${d.id}`}>
                          {t('domains.newNameOf', { name: current })}
                        </label>
                        <input
                          id={`org-domain-${d.id}`}
                          value={editing.name}
                          onChange={(e) => setEditing({ id: d.id, name: e.target.value })}
                          aria-invalid={renameError ? true : undefined}
                          aria-describedby={renameError ? `org-domain-${d.id}-error` : undefined}
                        />
                        {renameError && (
                          <FieldError id={`org-domain-${d.id}-error`}>{renameError}</FieldError>
                        )}
                      </form>
                    ) : (
                      current
                    )}
                  </td>
                  {canEdit && (
                    <td>
                      {isEditing ? (
                        <>
                          <Button type="submit" form={`org-domain-rename-${d.id}`}>
                            {t('domains.save')}
                          </Button>
                          <Button type="button" onClick={() => setEditing(null)}>
                            {t('domains.cancel')}
                          </Button>
                        </>
                      ) : (
                        <>
                          <Button
                            type="button"
                            aria-label={t('domains.renameOf', { name: current })}
                            onClick={() => setEditing({ id: d.id, name: current })}
                          >
                            {t('domains.rename')}
                          </Button>
                          <Button
                            type="button"
                            aria-label={t('domains.removeOf', { name: current })}
                            onClick={() =>
                              dispatch(
                                organizationDomainChangeResource.actions.request({
                                  kind: 'remove',
                                  org,
                                  id: d.id,
                                }),
                              )
                            }
                          >
                            {t('domains.remove')}
                          </Button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      )}
      {canEdit && (
        <form onSubmit={add} noValidate aria-labelledby={`org-domain-add-${org}`}>
          <h3 id={`org-domain-add-${org}`}>{t('domains.addTitle')}</h3>
          <TextField
            id={`org-domain-new-${org}`}
            label={t('domains.name')}
            value={name}
            onChange={setName}
            autoComplete="off"
            errors={nameErrors('post')}
            required
          />
          <LoadingButton type="submit" isLoading={change.isLoading}>
            {t('domains.add')}
          </LoadingButton>
        </form>
      )}
      {!canEdit && <p>{t('domains.readOnly')}</p>}
    </LoadingPanel>
  );
}
