import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Panel } from '../../../app/layout/PageFrame';
import { Pager } from '../../../components/Pager';
import { ListState } from '../../../components/ListState';
import { invoicesResource, subscriptionResource } from '../billingResources';
import { BillingOff } from './BillingOff';
import { InvoiceTable } from './InvoiceTable';
import { PaymentMethod } from './PaymentMethod';
import { PanelTitle } from './styles';
import '../locale';

/** Settings → Billing: the payment method, the portal and the invoices. */
export function BillingSection() {
  const { t } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const invoices = useAppSelector(invoicesResource.selectors.selectState);
  const current = useAppSelector(subscriptionResource.selectors.selectState);
  const page = invoices.data?.page;
  const load = (p: number) => dispatch(invoicesResource.actions.request(p));

  useEffect(() => {
    dispatch(subscriptionResource.actions.request());
    dispatch(invoicesResource.actions.request(1));
  }, [dispatch]);

  if (invoices.data?.disabled || current.data?.disabled) return <BillingOff />;
  const pageCount = page ? Math.max(1, Math.ceil(page.meta.count / page.meta.pageSize)) : 1;

  return (
    <>
      <PaymentMethod subscription={current.data?.subscription ?? null} loaded={!!current.data} />
      <Panel aria-labelledby="invoices">
        <PanelTitle id="invoices">{t('invoices.title')}</PanelTitle>
        <ListState
          isLoading={invoices.isLoading}
          error={invoices.error}
          errorText={invoices.error?.message}
          hasData={!!page}
          isEmpty={(page?.data.length ?? 0) === 0}
          emptyText={t('invoices.empty')}
          onRetry={() => load(page?.meta.page ?? 1)}
        >
          <InvoiceTable invoices={page?.data ?? []} />
          <Pager
            page={page?.meta.page ?? 1}
            pageCount={pageCount}
            count={page?.meta.count ?? 0}
            onPage={load}
            label={t('invoices.paging')}
          />
        </ListState>
      </Panel>
    </>
  );
}
