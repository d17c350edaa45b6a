import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatDateInput, parseDateInput, shiftDay } from '../i18n/format';

export type DateInputProps = {
  id: string;
  /** An ISO day ('2026-11-23') or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  /** Allows clearing the field ('' is passed on). */
  optional?: boolean;
};

const Input = styled.input`
  width: 11ch;
  box-sizing: content-box;
  padding: 6px 10px;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.md}px;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

/**
 * A day typed in the interface language's order (dd/mm/aaaa in pt, mm/dd/yyyy in en). The native date
 * control follows the browser's locale, not the console's, so a Portuguese page showed mm/dd/yyyy.
 * Arrow up and down step a day; a day that is not real is marked invalid and never passed on.
 */
export function DateInput({ id, value, onChange, optional = false }: DateInputProps) {
  const { t, i18n } = useTranslation('components');
  const language = i18n.language;
  const [draft, setDraft] = useState(() => formatDateInput(value, language));
  const [invalid, setInvalid] = useState(false);
  const [shown, setShown] = useState({ value, language });

  // A new value from outside (a shared link, the other end of a range, the language) replaces the draft.
  if (shown.value !== value || shown.language !== language) {
    setShown({ value, language });
    setDraft(formatDateInput(value, language));
    setInvalid(false);
  }

  const commit = (iso: string) => {
    setDraft(formatDateInput(iso, language));
    setInvalid(false);
    if (iso !== value) onChange(iso);
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    if (optional && text.trim() === '') {
      setInvalid(false);
      if (value !== '') onChange('');
      return;
    }
    const iso = parseDateInput(text, language);
    setInvalid(iso === null);
    if (iso !== null && iso !== value) onChange(iso);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!value || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    commit(shiftDay(value, event.key === 'ArrowUp' ? 1 : -1));
  };

  // Leaving a half-typed day puts the last good one back.
  const onBlur = () => {
    if (invalid) {
      setDraft(formatDateInput(value, language));
      setInvalid(false);
    }
  };

  return (
    <Input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('components.dateInput.placeholder')}
      title={t('components.dateInput.hint')}
      value={draft}
      aria-invalid={invalid}
      onChange={onType}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    />
  );
}
