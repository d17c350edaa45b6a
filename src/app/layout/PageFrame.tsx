import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { appRoutes } from '../router/routes';
import { FilterBar } from './FilterBar';

export type EmptyKind = 'period' | 'list' | 'tool';

type Props = {
  /** Route id of the page (routes.ts). */
  pageId: string;
  /** Which empty-state text to show when the page has no content of its own yet. */
  empty?: EmptyKind;
  withFilter?: boolean;
  children?: ReactNode;
};

const Header = styled.div`
  margin-bottom: 20px;
`;

const Description = styled.p`
  margin: 0;
  max-width: 72ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Panel = styled.section`
  margin-top: 20px;
  padding: 24px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
`;

const EmptyText = styled.p`
  margin: 0;
  padding: 32px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The frame every app page shares: translated title, what the page shows, filter (analytics) and content. */
export function PageFrame({ pageId, empty = 'list', withFilter = false, children }: Props) {
  const { t } = useTranslation(['menu', 'pages', 'common']);
  const route = appRoutes.find((r) => r.id === pageId);
  const title = route ? t(route.titleKey, { ns: 'menu' }) : '';

  useEffect(() => {
    document.title = `${title} · ${t('app.name', { ns: 'common' })}`;
  }, [title, t]);

  return (
    <>
      <Header>
        <h1 id="page-title">{title}</h1>
        <Description>{t(`descriptions.${pageId}`, { ns: 'pages' })}</Description>
      </Header>
      {withFilter && <FilterBar />}
      {children ?? (
        <Panel aria-labelledby={`${pageId}-content`}>
          <h2 id={`${pageId}-content`} className="visually-hidden">
            {t('empty.title', { ns: 'pages' })}
          </h2>
          <EmptyText>{t(`empty.${empty}`, { ns: 'pages' })}</EmptyText>
        </Panel>
      )}
    </>
  );
}

export { Panel };
