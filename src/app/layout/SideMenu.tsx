import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../hooks';
import { menuActions, selectMenu } from '../menu/menuSlice';
import { menuGroups } from '../router/routes';

const Nav = styled.nav<{ $open: boolean }>`
  background: ${({ theme }) => theme.colors.menu};
  color: ${({ theme }) => theme.colors.menuText};
  padding: 16px 12px 32px;
  overflow-y: auto;

  /* Small screens: a drawer over the page, opened by the top bar's menu button. */
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: min(300px, 85vw);
  z-index: 1100;

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg}px)`} {
    display: block;
    position: sticky;
    top: 0;
    width: auto;
    height: 100vh;
    z-index: auto;
  }
`;

// The wordmark is drawn for light backgrounds: it sits on its own light plate in the dark menu.
const LogoPlate = styled.div`
  margin: 4px 4px 20px;
  padding: 10px 12px;
  background: #ffffff;
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

const Logo = styled.img`
  display: block;
  width: 100%;
  height: auto;
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1050;
  background: rgb(0 0 0 / 45%);

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg}px)`} {
    display: none;
  }
`;

const CloseButton = styled.button`
  display: block;
  margin: 0 4px 12px auto;
  padding: 6px 12px;
  color: ${({ theme }) => theme.colors.menuText};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.menuText};
  border-radius: ${({ theme }) => theme.radii.md}px;
  cursor: pointer;

  &:focus-visible {
    outline-color: ${({ theme }) => theme.colors.yellow};
  }

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg}px)`} {
    display: none;
  }
`;

const GroupLabel = styled.p`
  margin: 18px 8px 6px;
  font-family: ${({ theme }) => theme.fonts.primary};
  font-size: 0.78rem;
  font-weight: 600;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const entryStyle = `
  display: block;
  padding: 7px 12px;
  border-radius: 5px;
  text-decoration: none;
  font-size: 0.92rem;
`;

const Link = styled(NavLink)`
  ${entryStyle}
  color: ${({ theme }) => theme.colors.menuText};

  &:hover {
    text-decoration: underline;
  }

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.menuActive};
    font-weight: 600;
  }

  &:focus-visible {
    outline-color: ${({ theme }) => theme.colors.yellow};
    outline-offset: -3px;
  }
`;

const Disabled = styled.span`
  ${entryStyle}
  color: ${({ theme }) => theme.colors.menuText};
  opacity: 0.6;
  cursor: not-allowed;
`;

/** The side menu: entries by group; disabled entries are greyed and not links. */
export function SideMenu({ id, toggleId }: { id: string; toggleId: string }) {
  const { t } = useTranslation(['menu', 'common']);
  const dispatch = useAppDispatch();
  const { entries, isOpen } = useAppSelector(selectMenu);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    dispatch(menuActions.menuToggled(false));
    document.getElementById(toggleId)?.focus();
  }, [dispatch, toggleId]);

  // The drawer (small screens): focus moves in when it opens; Escape closes it.
  useEffect(() => {
    if (!isOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, close]);

  return (
    <>
      {isOpen && <Scrim aria-hidden="true" onClick={close} />}
      <Nav id={id} $open={isOpen} aria-label={t('nav.label')}>
        {isOpen && (
          <CloseButton ref={closeButton} type="button" onClick={close}>
            {t('header.closeMenu', { ns: 'common' })}
          </CloseButton>
        )}
        <LogoPlate>
          <Logo src="/logo.svg" alt={t('app.logoAlt', { ns: 'common' })} width={300} height={37} />
        </LogoPlate>
        {menuGroups.map((group) => {
          const groupEntries = entries.filter((entry) => entry.group === group);
          if (groupEntries.length === 0) return null;
          const labelId = `menu-group-${group}`;
          return (
            <div key={group} role="group" aria-labelledby={labelId}>
              <GroupLabel id={labelId}>{t(`groups.${group}`)}</GroupLabel>
              <List>
                {groupEntries.map((entry) => (
                  <li key={entry.id}>
                    {entry.enabled ? (
                      <Link to={entry.path} end onClick={() => dispatch(menuActions.menuToggled(false))}>
                        {t(entry.titleKey)}
                      </Link>
                    ) : (
                      <Disabled aria-disabled="true">
                        {t(entry.titleKey)}
                        <span className="visually-hidden">{` (${t('entry.unavailable')})`}</span>
                      </Disabled>
                    )}
                  </li>
                ))}
              </List>
            </div>
          );
        })}
      </Nav>
    </>
  );
}
