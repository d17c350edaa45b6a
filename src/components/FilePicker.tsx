import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { buttonLook } from './Button';

// The browser's own file field says "Choose File / No file chosen" in the browser's language, not the
// console's. The native input stays (keyboard, screen readers, drop) but hidden; a label drawn as a button
// opens it, and the chosen file's name is shown beside it.
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;

  > span {
    font-weight: 500;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  min-width: 0;

  label {
    ${buttonLook}
  }

  input:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  output {
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

type Props = { id: string; label: string; accept?: string; onFile: (file: File) => void };

export function FilePicker({ id, label, accept, onFile }: Props) {
  const { t } = useTranslation('components');
  const [name, setName] = useState<string | null>(null);
  return (
    <Field>
      <span id={`${id}-label`}>{label}</span>
      <Row>
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-name`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setName(file.name);
            onFile(file);
          }}
        />
        <label htmlFor={id} aria-hidden="true">
          {t('components.file.choose')}
        </label>
        <output id={`${id}-name`}>{name ?? t('components.file.none')}</output>
      </Row>
    </Field>
  );
}
