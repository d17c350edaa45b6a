import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatPercent } from '../i18n/format';

export type PercentageBarProps = { value: number; label?: string };

const Wrapper = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 120px;
`;

const Track = styled.div`
  flex: 1;
  height: 8px;
  overflow: hidden;
  border-radius: ${(p) => p.theme.radii.pill}px;
  background: ${(p) => p.theme.colors.surfaceAlt};
`;

const Fill = styled.div`
  height: 100%;
  border-radius: ${(p) => p.theme.radii.pill}px;
  background: ${(p) => p.theme.colors.primary};
`;

const Value = styled.span`
  min-width: 4.5em;
  text-align: right;
  font: 500 0.85rem ${(p) => p.theme.fonts.secondary};
  color: ${(p) => p.theme.colors.text};
  font-variant-numeric: tabular-nums;
`;

export function PercentageBar({ value, label }: PercentageBarProps) {
  const { i18n } = useTranslation();
  // Spec section 9: two decimals, in the reader's number format.
  const shown = formatPercent(value, i18n.language);
  const width = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <Wrapper>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={shown}
      >
        <Fill style={{ width: `${width}%` }} />
      </Track>
      <Value aria-hidden="true">{shown}</Value>
    </Wrapper>
  );
}
