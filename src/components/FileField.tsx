import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { visuallyHidden } from '../theme/visuallyHidden';
import { Button } from './Button';

type Props = {
  label: string;
  /** The names of the files the field holds now (the caller keeps them): shown beside the button. */
  chosen: readonly string[];
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  hint?: string;
  error?: string;
  /** The button's text when "Choose file(s)" says too little. */
  buttonText?: string;
  className?: string;
};

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;

  > label {
    font-weight: 500;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  min-width: 0;
`;

// Out of sight and out of the tab order: the button below stands for it. `&&` outweighs the forms' own input
// rules (padding, border), which would otherwise give the clipped box a size.
const NativeInput = styled.input`
  && {
    ${visuallyHidden}
  }
`;

const Chosen = styled.span`
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;

/**
 * A file input in the page's language: the browser's own "Choose File / No file chosen" follows the browser's
 * language, so the native input is hidden and a labelled button opens its picker.
 */
export function FileField(props: Props) {
  const {
    label,
    chosen,
    onFiles,
    accept,
    multiple = false,
    disabled,
    hint,
    error,
    buttonText,
    className,
  } = props;
  const { t } = useTranslation('components');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [labelId, buttonId, statusId, hintId, errorId] = ['label', 'button', 'status', 'hint', 'error'].map(
    (part) => `${id}-${part}`,
  );
  const status =
    chosen.length === 0
      ? t('components.fileField.none', { count: multiple ? 2 : 1 })
      : chosen.length === 1
        ? chosen[0]
        : t('components.fileField.several', { count: chosen.length });
  const describedBy = [statusId, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Emptied so that picking the same file again is a change too.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <Field className={className}>
      <label id={labelId} htmlFor={`${id}-input`}>
        {label}
      </label>
      <Row>
        <NativeInput
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          tabIndex={-1}
          aria-hidden="true"
          aria-invalid={error ? true : undefined}
          onChange={picked}
        />
        <Button
          type="button"
          id={buttonId}
          disabled={disabled}
          aria-labelledby={`${labelId} ${buttonId}`}
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          {buttonText ?? t('components.fileField.choose', { count: multiple ? 2 : 1 })}
        </Button>
        <Chosen id={statusId}>{status}</Chosen>
      </Row>
      {hint && <Muted id={hintId}>{hint}</Muted>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Field>
  );
}
