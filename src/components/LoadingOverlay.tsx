import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from './Spinner';

export type LoadingOverlayProps = { visible: boolean };

// Above everything, modals included (their overlay sits at 1299).
const Screen = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1400;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 24px;
  background: ${(p) => p.theme.colors.background};
`;

const Logo = styled.img`
  max-width: 80vw;
  height: auto;
`;

// Spec section 2: shown from route-change start to completion, product logo 300x37 and a spinner.
export function LoadingOverlay({ visible }: LoadingOverlayProps) {
  const { t } = useTranslation('components');
  if (!visible) return null;
  return (
    <Screen data-testid="loading-overlay" aria-busy="true">
      <Logo src="/logo.svg" alt={t('components.loadingOverlay.logoAlt')} width={300} height={37} />
      <Spinner size={40} label={t('components.loadingOverlay.loading')} />
    </Screen>
  );
}
