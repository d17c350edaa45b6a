import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../hooks';
import { selectMenu } from '../menu/menuSlice';

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.9rem;

  li + li::before {
    content: '/';
    margin-right: 6px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function Breadcrumbs() {
  const { t } = useTranslation(['menu', 'common']);
  const { breadcrumbs } = useAppSelector(selectMenu);
  if (breadcrumbs.length === 0) return null;
  const last = breadcrumbs.length - 1;
  return (
    <nav aria-label={t('header.breadcrumbs', { ns: 'common' })}>
      <List>
        {breadcrumbs.map((crumb, index) => (
          <li key={crumb.labelKey}>
            {index === last ? (
              <span aria-current="page">{t(crumb.labelKey)}</span>
            ) : crumb.path ? (
              <Link to={crumb.path}>{t(crumb.labelKey)}</Link>
            ) : (
              <span>{t(crumb.labelKey)}</span>
            )}
          </li>
        ))}
      </List>
    </nav>
  );
}
