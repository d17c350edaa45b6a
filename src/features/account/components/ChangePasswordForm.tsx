import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setTokens } from '../../../api/tokens';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import type { ChangePassword } from '../accountApi';
import { changePasswordResource } from '../accountResources';
import { useOnSuccess, useResource } from '../../../app/resource/useResourceForm';
import { fieldMessages } from '../../../components/TextField';

const empty: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };
const wire = {
  currentPassword: 'current_password',
  newPassword: 'new_password',
  confirmPassword: 'confirm_password',
};
const autoComplete = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** Change password: current, new and confirmation; the answer's new tokens keep this session. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { isLoading, status, data, body, dispatch } = useResource(changePasswordResource);
  const [form, setForm] = useState<ChangePassword>(empty);

  useEffect(() => {
    if (status !== 'success' || !data) return;
    setTokens({ access: data.access, refresh: data.refresh });
  }, [status, data]);
  useOnSuccess(status, () => setForm(empty));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(changePasswordResource.actions.request(form));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title">
      <h3 id="password-title">{t('password.title')}</h3>
      <p>{t('password.policy')}</p>
      {(Object.keys(empty) as (keyof ChangePassword)[]).map((field) => (
        <div key={field} style={{ marginBottom: 12 }}>
          <PasswordInput
            id={`password-${field}`}
            name={wire[field]}
            label={t(`password.${field}`)}
            value={form[field]}
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
            autoComplete={autoComplete[field]}
            error={fieldMessages(body?.[wire[field]])}
          />
        </div>
      ))}
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('password.submit')}
      </LoadingButton>
    </form>
  );
}
