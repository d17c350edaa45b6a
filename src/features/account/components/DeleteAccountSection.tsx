import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Notice } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { Modal } from '../../../components/Modal';
import { PasswordInput } from '../../../components/PasswordInput';
import { selectUserId, authActions } from '../../auth';
import { deleteAccountResource } from '../accountResources';
import { useResource } from '../../../app/resource/useResourceForm';
import { fieldMessages } from '../../../components/TextField';
import { Button } from '../../../components/Button';

/** Account deletion behind a password confirmation; an owner's organization goes with it (docs). */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const appDispatch = useAppDispatch();
  const userId = useAppSelector(selectUserId);
  const { isLoading, status, body, dispatch } = useResource(deleteAccountResource);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (status === 'success') appDispatch(authActions.logoutRequest());
  }, [status, appDispatch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId !== null) dispatch(deleteAccountResource.actions.request({ userId, password }));
  };
  return (
    <section aria-labelledby="delete-title">
      <h3 id="delete-title">{t('delete.title')}</h3>
      <Notice $tone="warning">{t('delete.warning')}</Notice>
      <Button type="button" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Modal isOpen={open} onClose={() => setOpen(false)} title={t('delete.title')}>
        <form onSubmit={submit} noValidate>
          <p>{t('delete.confirmIntro')}</p>
          <PasswordInput
            id="delete-password"
            name="password"
            label={t('delete.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            error={fieldMessages(body?.password)}
          />
          <LoadingButton type="submit" isLoading={isLoading}>
            {t('delete.confirm')}
          </LoadingButton>
        </form>
      </Modal>
    </section>
  );
}
