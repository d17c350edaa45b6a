import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingButton } from '../../../components/LoadingButton';
import { TextField } from '../../../components/TextField';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { domainChangeResource } from '../domainsResources';

/** "Add a domain": the name, the server's field message, cleared once added (Account → Domains, get started). */
export function AddDomainForm({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const change = useAppSelector(domainChangeResource.selectors.selectState);
  const [name, setName] = useState('');
  useOnSuccess(change.method === 'post' ? change.status : undefined, () => setName(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(domainChangeResource.actions.request({ kind: 'create', name: name.trim() }));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <TextField
        id={`${id}-name`}
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
  );
}
