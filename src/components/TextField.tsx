import type { ChangeEvent } from 'react';
import { Field, FieldError } from '../app/layout/formControls';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'search';
  autoComplete?: string;
  /** The server's messages for this field (wire body `{ field: [msg] }`). */
  errors?: unknown;
  required?: boolean;
  inputMode?: 'numeric' | 'text';
};

export function fieldMessages(errors: unknown): string | undefined {
  return Array.isArray(errors) && errors.length > 0 ? errors.join(' ') : undefined;
}

/** A labelled input whose server errors are tied to it with aria-describedby. */
export function TextField(props: Props) {
  const { id, label, value, onChange, type = 'text', autoComplete, errors, required, inputMode } = props;
  const message = fieldMessages(errors);
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        required={required}
        inputMode={inputMode}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {message && <FieldError id={`${id}-error`}>{message}</FieldError>}
    </Field>
  );
}
