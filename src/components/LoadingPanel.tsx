import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from './Spinner';

export type LoadingPanelProps = {
  isLoading: boolean;
  title?: ReactNode;
  headerButtons?: ReactNode;
  children: ReactNode;
};

const Panel = styled.section`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.lg}px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 12px 16px;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font: 600 1.05rem ${(p) => p.theme.fonts.primary};
`;

const Buttons = styled.div`
  display: flex;
  gap: 8px;
`;

const Body = styled.div`
  position: relative;
  min-height: 80px;
  padding: 16px;
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  z-index: 2;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 0 0 ${(p) => p.theme.radii.lg}px ${(p) => p.theme.radii.lg}px;
  background: ${(p) => p.theme.colors.surface}cc;
`;

// While loading: an overlay with a spinner covers the content and the header buttons are hidden.
export function LoadingPanel({ isLoading, title, headerButtons, children }: LoadingPanelProps) {
  const { t } = useTranslation('components');
  const showHeader = title !== undefined || (headerButtons && !isLoading);
  return (
    <Panel>
      {showHeader ? (
        <Header>
          {title !== undefined ? <Title>{title}</Title> : <span />}
          {headerButtons && !isLoading ? <Buttons>{headerButtons}</Buttons> : null}
        </Header>
      ) : null}
      <Body aria-busy={isLoading}>
        {children}
        {isLoading ? (
          <Overlay data-testid="loading-panel-overlay">
            <Spinner size={36} label={t('components.loadingPanel.loading')} />
          </Overlay>
        ) : null}
      </Body>
    </Panel>
  );
}
