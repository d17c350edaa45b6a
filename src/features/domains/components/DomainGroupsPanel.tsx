import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { BasicList } from '../../../components/BasicList';
import { LoadingButton } from '../../../components/LoadingButton';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Select, type SelectOption } from '../../../components/Select';
import { showMessage } from '../../../components/showMessage';
import { TextField } from '../../../components/TextField';
import type { DomainGroup } from '../domainsApi';
import { domainGroupsResource, groupChangeResource } from '../domainsResources';
import { Button } from '../../../components/Button';

function GroupCard({ group, domains }: { group: DomainGroup; domains: string[] }) {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const [selected, setSelected] = useState<SelectOption<string>[]>([]);
  const options = domains
    .filter((d) => !group.attributes.domains.includes(d))
    .map((d) => ({ label: d, value: d }));
  const add = () => {
    // Spec section 5: every selected option must be filled before adding.
    if (selected.length === 0 || selected.some((o) => !o.value)) {
      showMessage({ messageType: 'warning', message: t('groups.selectWarning') });
      return;
    }
    dispatch(
      groupChangeResource.actions.request({
        kind: 'add',
        id: group.id,
        domains: selected.map((o) => o.value),
      }),
    );
    setSelected([]);
  };
  const inputId = `group-${group.id}-add`;
  return (
    <section aria-labelledby={`group-${group.id}`}>
      <h3 id={`group-${group.id}`}>{group.attributes.name}</h3>
      <BasicList
        items={group.attributes.domains.map((d) => ({ id: d, label: d }))}
        onRemove={(d) =>
          dispatch(
            groupChangeResource.actions.request({ kind: 'remove', id: group.id, domains: [String(d)] }),
          )
        }
      />
      <label htmlFor={inputId}>{t('groups.addLabel')}</label>
      <Select isMulti inputId={inputId} options={options} value={selected} onChange={setSelected} />
      <Button type="button" onClick={add}>
        {t('groups.add')}
      </Button>{' '}
      <Button
        type="button"
        onClick={() => dispatch(groupChangeResource.actions.request({ kind: 'delete', id: group.id }))}
      >
        {t('groups.delete')}
      </Button>
    </section>
  );
}

/** Domain groups (v2 calls): create, delete, add and remove domains. */
export function DomainGroupsPanel({ domains }: { domains: string[] }) {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(domainGroupsResource.selectors.selectState);
  const change = useAppSelector(groupChangeResource.selectors.selectState);
  const [name, setName] = useState('');
  useEffect(() => {
    dispatch(domainGroupsResource.actions.request());
  }, [dispatch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(groupChangeResource.actions.request({ kind: 'create', name: name.trim() }));
    setName('');
  };
  const groups = data ?? [];
  return (
    <LoadingPanel isLoading={isLoading || change.isLoading} title={t('groups.title')}>
      {error && !data && <p role="alert">{error.message}</p>}
      {data && groups.length === 0 && <p>{t('groups.empty')}</p>}
      {groups.map((g) => (
        <GroupCard key={g.id} group={g} domains={domains} />
      ))}
      <form onSubmit={submit} noValidate aria-labelledby="group-create-title">
        <h3 id="group-create-title">{t('groups.createTitle')}</h3>
        <TextField
          id="group-name"
          label={t('groups.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          required
        />
        <LoadingButton type="submit" isLoading={change.isLoading}>
          {t('groups.create')}
        </LoadingButton>
      </form>
    </LoadingPanel>
  );
}
