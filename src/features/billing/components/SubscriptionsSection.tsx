import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Panel } from '../../../app/layout/PageFrame';
import { ListState } from '../../processedData/components/ListState';
import { productsResource, subscriptionResource } from '../billingResources';
import { BillingOff } from './BillingOff';
import { CurrentPlan } from './CurrentPlan';
import { ProductList } from './ProductList';
import { Note, PanelTitle } from './styles';
import '../locale';

/** Settings → Subscriptions: the organization's plan and the plans to choose from. */
export function SubscriptionsSection() {
  const { t } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const products = useAppSelector(productsResource.selectors.selectState);
  const current = useAppSelector(subscriptionResource.selectors.selectState);
  const load = () => {
    dispatch(productsResource.actions.request());
    dispatch(subscriptionResource.actions.request());
  };

  useEffect(load, [dispatch]);

  if (products.data?.billingEnabled === false || current.data?.disabled) return <BillingOff />;
  const subscription = current.data?.subscription ?? null;

  return (
    <>
      {(checkout === 'success' || checkout === 'cancel') && (
        <Note role="status" $tone={checkout === 'success' ? 'primary' : 'warning'}>
          {t(`checkout.${checkout}`)}
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
          emptyText={t('current.none')}
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
        <ProductList products={products.data?.data ?? []} subscription={subscription} />
      </ListState>
    </>
  );
}
