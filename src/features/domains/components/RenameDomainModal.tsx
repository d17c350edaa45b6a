import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { LoadingButton } from '../../../components/LoadingButton';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { domainRenameResource } from '../domainsResources';

type Props = { org: number; domain: { id: number; name: string } | null; onClose: () => void };

/** "Rename" on a row of Account → Domains: the new name, the server's message under it, closed once renamed. */
export function RenameDomainModal({ org, domain, onClose }: Props) {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const change = useAppSelector(domainRenameResource.selectors.selectState);
  const [name, setName] = useState(domain?.name ?? '');
  useOnSuccess(change.status, onClose);
  // A message left from an earlier attempt does not belong to this dialog.
  useEffect(() => {
    if (domain) dispatch(domainRenameResource.actions.reset());
  }, [dispatch, domain]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (domain) dispatch(domainRenameResource.actions.request({ org, id: domain.id, name: name.trim() }));
  };
  return (
    <Modal isOpen={domain !== null} onClose={onClose} title={t('rename.title', { name: domain?.name ?? '' })}>
      <form onSubmit={submit} noValidate>
        <p>{t('rename.hint')}</p>
        <TextField
          id="domain-rename-name"
          label={t('rename.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          errors={change.error?.body?.name}
          required
        />
        <LoadingButton type="submit" isLoading={change.isLoading}>
          {t('rename.save')}
        </LoadingButton>{' '}
        <Button type="button" onClick={onClose}>
          {t('rename.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
