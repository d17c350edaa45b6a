import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { getAccessToken } from '../../api/tokens';
import { showMessage } from '../../components/showMessage';
import { selectAuth } from '../../features/auth/state/authSelectors';
import { useAppDispatch, useAppSelector } from '../hooks';
import { menuActions } from '../menu/menuSlice';
import { AppLayout } from './pageComponents';
import { protectedPageDecision } from './redirectRules';
import { RoutePending } from './RoutePending';
import { appPrefix, homePath } from './routes';

/** Guards everything under /msas with the redirect rules, then renders the app layout. */
export function ProtectedApp() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const auth = useAppSelector(selectAuth);
  const decision = protectedPageDecision(
    {
      hasStoredToken: getAccessToken() !== null,
      userId: auth.userId,
      isLoading: auth.isLoading || auth.userLoading,
      subscriptionStatus: auth.tokenData?.subscription_status,
    },
    location,
  );

  useEffect(() => {
    if (decision.type === 'login') dispatch(menuActions.pendingUrlSet(decision.pendingUrl));
    if (decision.type === 'subscription') {
      showMessage({ messageType: 'error', message: t('messages.cancelledSubscription') });
    }
  }, [decision.type, location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  // /msas itself has no page: the overview is the home.
  if (location.pathname.replace(/\/+$/, '') === appPrefix) return <Navigate to={homePath} replace />;

  switch (decision.type) {
    case 'wait':
      return <RoutePending />;
    case 'login':
    case 'subscription':
    case 'notFound':
      return <Navigate to={decision.to} replace />;
    case 'allow':
      return <AppLayout />;
  }
}
