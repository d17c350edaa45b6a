import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { BillingBanner } from '../../features/billing/components/BillingBanner';
import { PublicationsBanner } from '../../features/publications/components/PublicationsBanner';
import { useAppDispatch } from '../hooks';
import { menuActions } from '../menu/menuSlice';
import { RoutePending } from '../router/RoutePending';
import { findRoute } from '../router/routes';
import { SideMenu } from './SideMenu';
import { SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { toastSpace } from '../../components/toastSpace';

const menuId = 'side-menu';
const toggleId = 'side-menu-toggle';
const mainId = 'main-content';

const Shell = styled.div`
  min-height: 100vh;

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.lg}px)`} {
    display: grid;
    grid-template-columns: 250px minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.breakpoints.xxl}px;
  padding: 24px 20px 48px;
  /* The page's end can be scrolled above the toasts at the bottom of the screen. */
  padding-bottom: calc(48px + ${toastSpace});

  &:focus {
    outline: none;
  }

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.md}px)`} {
    padding: 32px 32px 56px;
    padding-bottom: calc(56px + ${toastSpace});
  }
`;

/** Keeps the menu selection and breadcrumbs in step with the current route. */
function useMenuSelection() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    const route = findRoute(pathname);
    if (!route) return;
    dispatch(
      menuActions.menuSelected({
        primary: route.group,
        secondary: route.id,
        breadcrumbs: [{ labelKey: `groups.${route.group}` }, { labelKey: route.titleKey, path: route.path }],
      }),
    );
    dispatch(menuActions.menuToggled(false));
  }, [dispatch, pathname]);
}

/** Side menu, top bar, unseen announcements and the current page. */
export function AppLayout() {
  useMenuSelection();
  return (
    <>
      <SkipLink target={mainId} />
      <Shell>
        <SideMenu id={menuId} toggleId={toggleId} />
        <Column>
          <TopBar menuId={menuId} toggleId={toggleId} />
          <PublicationsBanner fallbackFocusId={mainId} />
          <BillingBanner />
          <Main id={mainId} tabIndex={-1}>
            <Suspense fallback={<RoutePending />}>
              <Outlet />
            </Suspense>
          </Main>
        </Column>
      </Shell>
    </>
  );
}
