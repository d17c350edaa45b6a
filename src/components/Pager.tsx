import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: flex-end;
  margin-top: 12px;
`;

type Props = {
  page: number;
  pageCount: number;
  count: number;
  onPage: (page: number) => void;
  label: string;
};

/** Previous / next over a page-numbered list, with where the reader is (every paged table). */
export function Pager({ page, pageCount, count, onPage, label }: Props) {
  const { t } = useTranslation('common');
  return (
    <Nav aria-label={label}>
      <span aria-live="polite">{t('paging.status', { page, pages: pageCount, count })}</span>
      <Button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </Button>
      <Button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </Button>
    </Nav>
  );
}
