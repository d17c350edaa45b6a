import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field, FieldError } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { allFlags, flagNames, type DomainCheckForm as Form } from './flags';

const Flags = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0 0 16px;
  padding: 12px 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md}px;
  legend {
    padding: 0 6px;
    font-weight: 600;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    cursor: pointer;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  margin-bottom: 12px;
`;

const Small = styled.button`
  padding: 4px 10px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.sm}px;
  background: ${(p) => p.theme.colors.surfaceAlt};
  color: ${(p) => p.theme.colors.text};
  cursor: pointer;
`;

// A loose shape check; the server has the last word (it answers 400 for a bad name).
const looksLikeDomain = (v: string) => /^[^\s/@]+\.[^\s/@.]+\.?$/.test(v.trim());

type Props = { initial: Form; isLoading: boolean; onSubmit: (form: Form) => void };

export function DomainCheckForm({ initial, isLoading, onSubmit }: Props) {
  const { t } = useTranslation('domainVerify');
  const [form, setForm] = useState<Form>(initial);
  const [error, setError] = useState<string | null>(null);

  // A new shared link (another query string) replaces what the form holds.
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setForm(initial);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeDomain(form.domain)) return setError(t('form.invalidDomain'));
    if (!flagNames.some((f) => form[f])) return setError(t('form.noFlag'));
    setError(null);
    onSubmit({ ...form, domain: form.domain.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Field>
        <label htmlFor="domain-verify-domain">{t('form.domain')}</label>
        <input
          id="domain-verify-domain"
          name="domain"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('form.domainPlaceholder')}
          value={form.domain}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'domain-verify-error' : undefined}
          onChange={(e) => setForm((f) => ({ ...f, domain: e.target.value }))}
        />
        {error && <FieldError id="domain-verify-error">{error}</FieldError>}
      </Field>
      <Flags>
        <legend>{t('form.systems')}</legend>
        {flagNames.map((flag) => (
          <label key={flag}>
            <input
              type="checkbox"
              name={flag}
              checked={form[flag]}
              onChange={(e) => setForm((f) => ({ ...f, [flag]: e.target.checked }))}
            />
            {t(`flags.${flag}`)}
          </label>
        ))}
      </Flags>
      <Row>
        <Small type="button" onClick={() => setForm((f) => ({ ...f, ...allFlags(true) }))}>
          {t('form.selectAll')}
        </Small>
        <Small type="button" onClick={() => setForm((f) => ({ ...f, ...allFlags(false) }))}>
          {t('form.selectNone')}
        </Small>
      </Row>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('form.submit')}
      </LoadingButton>
    </form>
  );
}
