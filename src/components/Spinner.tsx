import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

export type SpinnerProps = { size?: number; label?: string };

const turn = keyframes`
  to { transform: rotate(360deg); }
`;

// Spec section 9: the spinner turns once every 2 seconds.
const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  box-sizing: border-box;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border: ${(p) => Math.max(2, Math.round(p.$size / 8))}px solid ${(p) => p.theme.colors.border};
  border-top-color: ${(p) => p.theme.colors.primary};
  border-radius: 50%;
  animation: ${turn} 2s linear infinite;
  vertical-align: middle;
  flex-shrink: 0;
`;

export function Spinner({ size = 24, label }: SpinnerProps) {
  const { t } = useTranslation('components');
  return <Ring role="status" aria-label={label ?? t('components.spinner.loading')} $size={size} />;
}
