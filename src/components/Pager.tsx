import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focusRing';

const Nav = styled.nav`
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: flex-end;
  margin-top: 12px;
`;

const Button = styled.button`
  padding: 7px 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.md}px;
  font: 500 0.9rem ${({ theme }) => theme.fonts.primary};
  cursor: pointer;
  ${focusRing}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
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
