import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DomainOption } from './types';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;

  label {
    font-size: 0.85rem;
    font-weight: 500;
  }

  select {
    min-width: 240px;
    padding: 6px 10px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;

type Props = { options: DomainOption[]; value: string; onChange: (name: string) => void };

/** The domain the page shows, among the organization's domains (a native select: keyboard and screen readers). */
export function DomainPicker({ options, value, onChange }: Props) {
  const { t } = useTranslation('domainInfo');
  return (
    <Field>
      <label htmlFor="domain-info-domain">{t('picker.label')}</label>
      <select id="domain-info-domain" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((o) => (
          <option key={o.id} value={o.name}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
