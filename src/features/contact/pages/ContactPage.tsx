import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { getAccessToken } from '../../../api/tokens';
import { LoadingButton } from '../../../components/LoadingButton';
import { Field, FieldError } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { homePath, loginPath } from '../../../app/router/routes';
import { contactResource, type ContactMessage } from '../contactResource';

const fields = ['name', 'email', 'subject', 'message'] as const;
const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };
const autoComplete: Record<keyof ContactMessage, string | undefined> = {
  name: 'name',
  email: 'email',
  subject: 'off',
  message: 'off',
};

const WideCard = styled(Card)`
  max-width: 640px;
`;

const Back = styled.p`
  margin-top: 20px;
`;

function messagesOf(value: unknown): string | undefined {
  return Array.isArray(value) && value.length > 0 ? value.join(' ') : undefined;
}

/** /contact_us: a public form to the operators. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const dispatch = useAppDispatch();
  const { isLoading, status, error } = useAppSelector(contactResource.selectors.selectState);
  const [form, setForm] = useState<ContactMessage>(empty);

  // A sent message empties the form (state adjusted while rendering, not in an effect).
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status === 'success') setForm(empty);
  }
  useEffect(
    () => () => {
      dispatch(contactResource.actions.reset());
    },
    [dispatch],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(contactResource.actions.request(form));
  };

  const loggedIn = getAccessToken() !== null;

  return (
    <PublicLayout title={t('form.title')}>
      <WideCard>
        <h1>{t('form.title')}</h1>
        <p>{t('form.intro')}</p>
        <form onSubmit={submit} noValidate>
          {fields.map((field) => {
            const id = `contact-${field}`;
            const fieldError = messagesOf(error?.body?.[field]);
            const props = {
              id,
              name: field,
              required: true,
              value: form[field],
              autoComplete: autoComplete[field],
              'aria-invalid': fieldError ? true : undefined,
              'aria-describedby': fieldError ? `${id}-error` : undefined,
              onChange: (event: { target: { value: string } }) =>
                setForm((current) => ({ ...current, [field]: event.target.value })),
            };
            return (
              <Field key={field}>
                <label htmlFor={id}>{t(`form.${field}`)}</label>
                {field === 'message' ? (
                  <textarea rows={6} {...props} />
                ) : (
                  <input type={field === 'email' ? 'email' : 'text'} {...props} />
                )}
                {fieldError && <FieldError id={`${id}-error`}>{fieldError}</FieldError>}
              </Field>
            );
          })}
          <LoadingButton type="submit" isLoading={isLoading}>
            {t('form.submit')}
          </LoadingButton>
        </form>
      </WideCard>
      <Back>
        {loggedIn ? (
          <Link to={homePath}>{t('links.app')}</Link>
        ) : (
          <Link to={loginPath}>{t('links.login')}</Link>
        )}
      </Back>
    </PublicLayout>
  );
}
