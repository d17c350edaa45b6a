import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focusRing';

export type PasswordInputProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoComplete?: string;
  error?: string;
};

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Label = styled.label`
  font: 500 0.9rem ${(p) => p.theme.fonts.primary};
  color: ${(p) => p.theme.colors.text};
`;

const Row = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $invalid: boolean }>`
  flex: 1;
  min-width: 0;
  padding: 10px 44px 10px 12px;
  border: 1px solid ${(p) => (p.$invalid ? p.theme.colors.error : p.theme.colors.border)};
  border-radius: ${(p) => p.theme.radii.md}px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  font: 400 1rem ${(p) => p.theme.fonts.secondary};
  ${focusRing}
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: 6px;
  transform: translateY(-50%);
  padding: 4px 6px;
  border: none;
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
  cursor: pointer;
  border-radius: ${(p) => p.theme.radii.sm}px;
  ${focusRing}
`;

const ErrorText = styled.span`
  color: ${(p) => p.theme.colors.error};
  font-size: 0.85rem;
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

export function PasswordInput({ id, name, label, value, onChange, autoComplete, error }: PasswordInputProps) {
  const { t } = useTranslation('components');
  const [visible, setVisible] = useState(false);
  const errorId = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Row>
        <Input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={onChange}
          autoComplete={autoComplete ?? 'current-password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          $invalid={!!error}
        />
        <Toggle
          type="button"
          aria-label={visible ? t('components.password.hide') : t('components.password.show')}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </Toggle>
      </Row>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Field>
  );
}
