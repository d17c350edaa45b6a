import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Panel } from '../../../app/layout/PageFrame';
import { PrimaryButton } from '../../../components/Button';
import { StateText } from '../../../components/Text';
import type { Product, Subscription } from '../billingApi';
import { checkoutResource } from '../billingResources';
import { formatPrice, preferredCurrency, pricesFor } from '../format';
import { BenefitList } from './BenefitList';
import { Card, Grid, Note, PanelTitle } from './styles';
import '../locale';

type Props = {
  products: Product[];
  subscription: Subscription | null;
  /** A checkout just paid and its subscription is not known yet: no second checkout meanwhile. */
  waiting?: boolean;
};

/**
 * The plans on sale with their prices in the customer's currency. Checkout is for an organization without a
 * live subscription; one that has it changes plan in the portal (the server refuses a second subscription).
 */
export function ProductList({ products, subscription, waiting = false }: Props) {
  const { t, i18n } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const busy = useAppSelector(checkoutResource.selectors.selectIsLoading);
  const language = i18n.language;
  const currency = preferredCurrency(subscription?.attributes.price?.currency, language);
  const canCheckout = !waiting && (!subscription || subscription.attributes.access === 'cancelled');
  const currentProduct =
    !subscription || subscription.attributes.access === 'cancelled'
      ? null
      : subscription?.attributes.productId;

  return (
    <Panel aria-labelledby="plans">
      <PanelTitle id="plans">{t('products.title')}</PanelTitle>
      {!canCheckout && !waiting && <Note>{t('products.changeInPortal')}</Note>}
      {products.length === 0 ? (
        <StateText>{t('products.empty')}</StateText>
      ) : (
        <Grid>
          {products.map((product) => (
            <Card
              key={product.id}
              $current={product.id === currentProduct}
              aria-labelledby={`plan-${product.id}`}
            >
              <h3 id={`plan-${product.id}`}>{product.name}</h3>
              {product.id === currentProduct && <strong>{t('products.current')}</strong>}
              {product.description && <p>{product.description}</p>}
              {/* Stripe gives the trial to a first subscription only (docs/BILLING.md). */}
              {product.trialDays && !subscription ? (
                <p>{t('products.trialDays', { count: product.trialDays })}</p>
              ) : null}
              <BenefitList benefits={product.benefits} />
              {canCheckout &&
                pricesFor(product.prices, currency).map((price) => {
                  const label = formatPrice(price, language);
                  return (
                    <PrimaryButton
                      key={price.id}
                      type="button"
                      disabled={busy}
                      aria-label={t('products.chooseLabel', { plan: product.name, price: label })}
                      onClick={() => dispatch(checkoutResource.actions.request(price.id))}
                    >
                      {t('products.choose', { price: label })}
                    </PrimaryButton>
                  );
                })}
            </Card>
          ))}
        </Grid>
      )}
    </Panel>
  );
}
