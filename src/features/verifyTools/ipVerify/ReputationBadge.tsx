import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Reputation } from './types';

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 4px 12px 4px 4px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

// The category's colour as a swatch: the text stays in the theme's colours, readable in both themes.
const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  min-width: 34px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  border: 3px solid ${({ $colour }) => $colour};
  font-weight: 700;
  text-align: center;
`;

/** Spec section 3: the reputation category (L5 ... H5, or No info) with its description and colour. */
export function ReputationBadge({ reputation }: { reputation: Reputation }) {
  const { t } = useTranslation('ipVerify');
  const noInfo = reputation.level === null;
  return (
    <Badge data-testid="reputation-badge" data-category={reputation.category}>
      <Swatch $colour={reputation.colour}>{noInfo ? '?' : reputation.label}</Swatch>
      <span>{t(`reputation.${reputation.category}`, { defaultValue: reputation.description })}</span>
    </Badge>
  );
}
