import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { fieldMessages, TextField } from '../../../components/TextField';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { createOrganizationResource } from '../adminResources';

const empty = { name: '', username: '', email: '', password: '' };

/** Support onboards a customer: the owner's account first (POST /users/), then the organization. */
export function CreateOrganizationForm() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const { isLoading, status, error } = useAppSelector(createOrganizationResource.selectors.selectState);
  const [form, setForm] = useState(empty);
  const set = (field: keyof typeof empty) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  useOnSuccess(status, () => setForm(empty));
  // Both steps answer in the same wire shape; `name` only comes from the organization step.
  const body = error?.body;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const owner = { username: form.username.trim(), email: form.email.trim(), password: form.password };
    dispatch(createOrganizationResource.actions.request({ name: form.name.trim(), owner }));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="org-create-title">
      <h3 id="org-create-title">{t('create.title')}</h3>
      <TextField
        id="org-create-name"
        label={t('create.name')}
        value={form.name}
        onChange={set('name')}
        autoComplete="off"
        errors={body?.name}
        required
      />
      <fieldset>
        <legend>{t('create.owner')}</legend>
        <TextField
          id="org-create-username"
          label={t('create.username')}
          value={form.username}
          onChange={set('username')}
          autoComplete="off"
          errors={body?.username}
          required
        />
        <TextField
          id="org-create-email"
          type="email"
          label={t('create.email')}
          value={form.email}
          onChange={set('email')}
          autoComplete="off"
          errors={body?.email ?? body?.owner}
          required
        />
        <PasswordInput
          id="org-create-password"
          name="password"
          label={t('create.password')}
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          autoComplete="new-password"
          error={fieldMessages(body?.password)}
        />
      </fieldset>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('create.submit')}
      </LoadingButton>
    </form>
  );
}
