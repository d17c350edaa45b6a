import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../hooks';
import { menuActions, selectMenu } from '../menu/menuSlice';
import { Breadcrumbs } from './Breadcrumbs';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 1000;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  min-height: 60px;
  padding: 10px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const MenuButton = styled.button`
  padding: 6px 12px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  cursor: pointer;

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg}px)`} {
    display: none;
  }
`;

const Crumbs = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

export function TopBar({ menuId, toggleId }: { menuId: string; toggleId: string }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { isOpen } = useAppSelector(selectMenu);
  return (
    <Header>
      <MenuButton
        id={toggleId}
        type="button"
        aria-controls={menuId}
        aria-expanded={isOpen}
        onClick={() => dispatch(menuActions.menuToggled())}
      >
        <span aria-hidden="true">☰ </span>
        {isOpen ? t('header.closeMenu') : t('header.openMenu')}
      </MenuButton>
      <Crumbs>
        <Breadcrumbs />
      </Crumbs>
      <Tools>
        <LanguageSwitch />
        <ThemeSwitch />
        <UserMenu />
      </Tools>
    </Header>
  );
}
