import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Panel } from '../../../app/layout/PageFrame';
import { showMessage } from '../../../components/showMessage';
import { selectSubscriptionStatus } from '../../auth';
import { ListState } from '../../../components/ListState';
import { productsResource, subscriptionResource } from '../billingResources';
import { BillingOff } from './BillingOff';
import { CurrentPlan } from './CurrentPlan';
import { ProductList } from './ProductList';
import { Note, PanelTitle } from './styles';
import '../locale';

/**
 * Back from Stripe's Checkout, the subscription exists once Stripe's webhook has reached the server, which
 * may be seconds after the browser: the page asks again every two seconds for a minute.
 */
export const activationPoll = { everyMs: 2_000, tries: 30 };

/** Settings → Subscriptions: the organization's plan and the plans to choose from. */
export function SubscriptionsSection() {
  const { t } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const products = useAppSelector(productsResource.selectors.selectState);
  const current = useAppSelector(subscriptionResource.selectors.selectState);
  // Cancelled with no subscription at all: a self-registered organization whose free trial is over.
  const trialOver = useAppSelector(selectSubscriptionStatus) === 'Cancelled';
  const load = () => {
    dispatch(productsResource.actions.request());
    dispatch(subscriptionResource.actions.request());
  };

  useEffect(load, [dispatch]);

  const subscription = current.data?.subscription ?? null;
  const [tries, setTries] = useState(0);
  const activating =
    checkout === 'success' &&
    !!current.data &&
    !current.data.disabled &&
    (!subscription || subscription.attributes.access === 'cancelled');
  useEffect(() => {
    if (!activating || current.isLoading || current.error || tries >= activationPoll.tries) return;
    const timer = setTimeout(() => {
      setTries((n) => n + 1);
      dispatch(subscriptionResource.actions.request());
    }, activationPoll.everyMs);
    return () => clearTimeout(timer);
  }, [activating, current.isLoading, current.error, tries, dispatch]);
  // Once the subscription is there the plan panel shows it: the "being activated" note gives way to a
  // toast, and leaves the address so that a reload does not say it again.
  const live = !!subscription && subscription.attributes.access !== 'cancelled';
  useEffect(() => {
    if (checkout !== 'success' || !live) return;
    showMessage({ messageType: 'success', message: t('checkout.active') });
    setParams({}, { replace: true });
  }, [checkout, live, setParams]); // eslint-disable-line react-hooks/exhaustive-deps

  if (products.data?.billingEnabled === false || current.data?.disabled) return <BillingOff />;
  const slow = activating && tries >= activationPoll.tries;
  // While Stripe's confirmation is on its way, a second checkout would make a second subscription.
  const waiting = activating && !slow;

  return (
    <>
      {(checkout === 'success' || checkout === 'cancel') && (
        <Note role="status" $tone={checkout === 'success' ? 'primary' : 'warning'}>
          {t(slow ? 'checkout.slow' : `checkout.${checkout}`)}
        </Note>
      )}
      <Panel aria-labelledby="current-plan">
        <PanelTitle id="current-plan">{t('current.title')}</PanelTitle>
        <ListState
          isLoading={current.isLoading}
          error={current.error}
          errorText={current.error?.message}
          hasData={!!current.data}
          isEmpty={!subscription}
          emptyText={t(waiting ? 'current.activating' : trialOver ? 'current.trialOver' : 'current.none')}
          onRetry={load}
        >
          {subscription && <CurrentPlan subscription={subscription} />}
        </ListState>
      </Panel>
      <ListState
        isLoading={products.isLoading}
        error={products.error}
        errorText={products.error?.message}
        hasData={!!products.data}
        isEmpty={false}
        emptyText=""
        onRetry={load}
      >
        <ProductList products={products.data?.data ?? []} subscription={subscription} waiting={waiting} />
      </ListState>
    </>
  );
}
