import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { Notice } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { selectCurrentUser } from '../../auth';
import {
  cancelEmailChangeResource,
  pendingEmailChangeResource,
  requestEmailChangeResource,
} from '../emailChangeResources';
import { useOnSuccess, useResource } from '../../../app/resource/useResourceForm';
import { fieldMessages, TextField } from '../../../components/TextField';
import { formatDateTime } from '../../../i18n/format';
import { Button } from '../../../components/Button';

/** Your e-mail address: a new one needs the current password and takes effect once confirmed from its inbox. */
export function EmailChangeForm() {
  const { t, i18n } = useTranslation('account');
  const user = useAppSelector(selectCurrentUser);
  const pending = useAppSelector(pendingEmailChangeResource.selectors.selectState).data;
  const { isLoading, status, data, body, dispatch } = useResource(requestEmailChangeResource);
  const cancel = useResource(cancelEmailChangeResource);
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId !== null) dispatch(pendingEmailChangeResource.actions.request(userId));
  }, [dispatch, userId]);
  useOnSuccess(status, () => setPassword(''));

  const changed = email.trim() !== '' && email.trim() !== user?.email;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId === null || !changed) return;
    dispatch(
      requestEmailChangeResource.actions.request({ userId, email: email.trim(), currentPassword: password }),
    );
  };
  const until = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="email-change-title">
      <h3 id="email-change-title">{t('emailChange.title')}</h3>
      <p>{t('emailChange.intro')}</p>
      <TextField
        id="email-change-email"
        type="email"
        label={t('emailChange.email')}
        value={email}
        onChange={setEmail}
        autoComplete="email"
        errors={body?.email}
      />
      {changed && (
        <div style={{ marginBottom: 12 }}>
          <PasswordInput
            id="email-change-password"
            name="current_password"
            label={t('emailChange.currentPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            error={fieldMessages(body?.current_password)}
          />
        </div>
      )}
      {status === 'success' && data && (
        <Notice role="status">{t('emailChange.sent', { email: data.email })}</Notice>
      )}
      {pending && (
        <Notice $tone="warning" data-testid="pending-email-change">
          {t('emailChange.pending', { email: pending.email, until: until(pending.expiresAt) })}{' '}
          <Button
            type="button"
            disabled={cancel.isLoading}
            onClick={() =>
              userId !== null && cancel.dispatch(cancelEmailChangeResource.actions.request(userId))
            }
          >
            {t('emailChange.cancel')}
          </Button>
        </Notice>
      )}
      <LoadingButton type="submit" isLoading={isLoading} disabled={!changed}>
        {t('emailChange.submit')}
      </LoadingButton>
    </form>
  );
}
