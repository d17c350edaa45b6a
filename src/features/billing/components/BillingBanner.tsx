import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { routePath, subscriptionsPath } from '../../../app/router/routes';
import { focusRing } from '../../../components/focusRing';
import { selectCurrentUser, selectSubscriptionStatus } from '../../auth';
import { daysLeft } from '../format';
import '../locale';

const Region = styled.section<{ $tone: 'primary' | 'warning' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 12px 20px 0;
  padding: 10px 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.md}px;

  p {
    margin: 0;
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    ${focusRing}
  }

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.md}px)`} {
    margin: 16px 32px 0;
  }
`;

const billingPath = routePath('billing');

/**
 * Across the app: the days left of a free trial (the current user's trialEndDate), or the past-due warning
 * (the token's subscription_status), each with the way to its page (left out on that page itself).
 */
export function BillingBanner() {
  const { t } = useTranslation('billing');
  const { pathname } = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const status = useAppSelector(selectSubscriptionStatus);
  const here = (path: string) => pathname.replace(/\/+$/, '') === path;
  if (status === 'past_due') {
    return (
      <Region $tone="warning" aria-label={t('banner.label')}>
        <p>{t('banner.pastDue')}</p>
        {!here(billingPath) && <Link to={billingPath}>{t('banner.updatePayment')}</Link>}
      </Region>
    );
  }
  const days = user?.trialEndDate ? daysLeft(user.trialEndDate) : -1;
  if (days < 0) return null;
  const text = days === 0 ? t('banner.trialToday') : t('banner.trial', { count: days });
  // A plan's trial comes with the plan chosen at checkout: the link leads to it, to keep or change it. The
  // free days of a self-registered organization before any plan (no status yet) lead to the plans instead.
  const link = status ? 'banner.seePlan' : 'banner.choosePlan';
  return (
    <Region $tone="primary" aria-label={t('banner.label')}>
      <p>{text}</p>
      {!here(subscriptionsPath) && <Link to={subscriptionsPath}>{t(link)}</Link>}
    </Region>
  );
}
