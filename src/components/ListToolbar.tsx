import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimaryButton } from './Button';
import { SearchForm, Toolbar } from './Toolbar';

/** label: what this box searches, shown and used as its accessible name (two boxes can share a page). */
type Props = { id: string; label: string; onSearch: (text: string) => void; children?: ReactNode };

/** Search box (submitted with Enter or the button) and the list's actions. */
export function ListToolbar({ id, label, onSearch, children }: Props) {
  const { t } = useTranslation('components');
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <Toolbar>
      <SearchForm role="search" aria-label={label} onSubmit={submit}>
        <label htmlFor={`${id}-search`}>
          {label}
          <input
            id={`${id}-search`}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <PrimaryButton type="submit">{t('components.listToolbar.search')}</PrimaryButton>
      </SearchForm>
      <div>{children}</div>
    </Toolbar>
  );
}
