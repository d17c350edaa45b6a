import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';

const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const Ranges = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  max-height: 200px;
  overflow-y: auto;

  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
    font-family: ${({ theme }) => theme.fonts.secondary};
  }
`;

type Props = { ranges: string[]; onChange: (ranges: string[]) => void; disabled?: boolean };

/** The sender's networks (CIDR ranges): add and remove here; the save step sends them all (PUT). */
export function NetworksEditor({ ranges, onChange, disabled }: Props) {
  const { t } = useTranslation('emailSenders');
  const [draft, setDraft] = useState('');
  const add = () => {
    const parts = draft
      .split(/[\s,]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) return;
    onChange([...new Set([...ranges, ...parts])]);
    setDraft('');
  };
  return (
    <fieldset disabled={disabled}>
      <legend>{t('form.networks')}</legend>
      <Row>
        <label htmlFor="sender-network-add" className="visually-hidden">
          {t('form.networkRange')}
        </label>
        <input
          id="sender-network-add"
          value={draft}
          placeholder="192.0.2.0/24"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" onClick={add}>
          {t('form.addNetwork')}
        </Button>
      </Row>
      {ranges.length === 0 ? (
        <p>{t('form.noNetworks')}</p>
      ) : (
        <Ranges aria-label={t('form.networks')}>
          {ranges.map((range) => (
            <li key={range}>
              <span>{range}</span>
              <Button
                type="button"
                onClick={() => onChange(ranges.filter((r) => r !== range))}
                aria-label={t('form.removeNetwork', { range })}
              >
                {t('form.remove')}
              </Button>
            </li>
          ))}
        </Ranges>
      )}
    </fieldset>
  );
}
