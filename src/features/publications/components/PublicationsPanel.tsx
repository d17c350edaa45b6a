import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { publicationSeenResource, publicationsResource } from '../publicationsResources';
import { formatDate } from '../../../i18n/format';
import { Button } from '../../../components/Button';

const Item = styled.article<{ $seen: boolean }>`
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  opacity: ${({ $seen }) => ($seen ? 0.75 : 1)};

  h3 {
    margin: 0 0 6px;
  }
`;

/** Announcements for the user's organization; unseen ones can be marked seen. */
export function PublicationsPanel() {
  const { t, i18n } = useTranslation('publications');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(publicationsResource.selectors.selectState);
  useEffect(() => {
    dispatch(publicationsResource.actions.request());
  }, [dispatch]);
  const items = data ?? [];
  return (
    <LoadingPanel isLoading={isLoading} title={t('list.title')}>
      {error && !data && <p role="alert">{error.message}</p>}
      {data && items.length === 0 && <p>{t('list.empty')}</p>}
      {items.map((p) => (
        <Item key={p.id} $seen={p.attributes.seen}>
          <h3>{p.attributes.title}</h3>
          <p>
            <time dateTime={p.attributes.createdAt}>{formatDate(p.attributes.createdAt, i18n.language)}</time>
          </p>
          <p>{p.attributes.body}</p>
          {p.attributes.seen ? (
            <p>{t('list.seen')}</p>
          ) : (
            <Button type="button" onClick={() => dispatch(publicationSeenResource.actions.request(p.id))}>
              {t('list.markSeen')}
            </Button>
          )}
        </Item>
      ))}
    </LoadingPanel>
  );
}
