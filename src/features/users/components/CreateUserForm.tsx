import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { Field } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { fieldMessages, TextField } from '../../../components/TextField';
import type { NewUser } from '../usersApi';
import { createUserResource } from '../usersResources';

const empty: NewUser = { username: '', email: '', name: '', password: '', role: 'member' };

export function CreateUserForm() {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const { isLoading, status, error } = useAppSelector(createUserResource.selectors.selectState);
  const body = error?.body;
  const [form, setForm] = useState<NewUser>(empty);
  const set = (field: keyof NewUser) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  useOnSuccess(status, () => setForm(empty));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(createUserResource.actions.request(form));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="user-create-title">
      <h3 id="user-create-title">{t('create.title')}</h3>
      <TextField
        id="user-username"
        label={t('create.username')}
        value={form.username}
        onChange={set('username')}
        autoComplete="off"
        errors={body?.username}
        required
      />
      <TextField
        id="user-email"
        type="email"
        label={t('create.email')}
        value={form.email}
        onChange={set('email')}
        autoComplete="off"
        errors={body?.email}
        required
      />
      <TextField
        id="user-name"
        label={t('create.name')}
        value={form.name}
        onChange={set('name')}
        autoComplete="off"
        errors={body?.name}
      />
      <PasswordInput
        id="user-password"
        name="password"
        label={t('create.password')}
        value={form.password}
        onChange={(e) => set('password')(e.target.value)}
        autoComplete="new-password"
        error={fieldMessages(body?.password)}
      />
      <Field>
        <label htmlFor="user-role">{t('create.role')}</label>
        <SelectControl
          id="user-role"
          value={form.role}
          onChange={(e) => set('role')(e.target.value === 'admin' ? 'admin' : 'member')}
        >
          <option value="member">{t('roles.member')}</option>
          <option value="admin">{t('roles.admin')}</option>
        </SelectControl>
      </Field>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('create.submit')}
      </LoadingButton>
    </form>
  );
}
