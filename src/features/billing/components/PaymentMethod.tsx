import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Panel } from '../../../app/layout/PageFrame';
import { LoadingButton } from '../../../components/LoadingButton';
import { subscriptionsPath } from '../../../app/router/routes';
import type { Subscription } from '../billingApi';
import { portalResource } from '../billingResources';
import { Actions, PanelTitle } from './styles';
import '../locale';

type Props = {
  subscription: Subscription | null;
  /** The subscription has been read (null then means none, not "not yet known"). */
  loaded: boolean;
};

/**
 * The card Stripe charges and the way to Stripe's portal, where it is changed. Before a first plan there is
 * no Stripe customer, so no portal to open: the card is given at checkout, reached from Subscriptions.
 */
export function PaymentMethod({ subscription, loaded }: Props) {
  const { t } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const busy = useAppSelector(portalResource.selectors.selectIsLoading);
  const card = subscription?.attributes.paymentMethod ?? null;
  return (
    <Panel aria-labelledby="payment-method">
      <PanelTitle id="payment-method">{t('payment.title')}</PanelTitle>
      {card ? (
        <p>
          {t('payment.card', { brand: card.brand.toUpperCase(), last4: card.last4 })}
          {' · '}
          {t('payment.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}
        </p>
      ) : (
        <p>{t('payment.none')}</p>
      )}
      {loaded && !subscription ? (
        <p>
          {t('payment.noPlan')} <Link to={subscriptionsPath}>{t('payment.choosePlan')}</Link>
        </p>
      ) : (
        <>
          <p>{t('payment.portalHint')}</p>
          <Actions>
            <LoadingButton isLoading={busy} onClick={() => dispatch(portalResource.actions.request())}>
              {t('payment.portal')}
            </LoadingButton>
          </Actions>
        </>
      )}
    </Panel>
  );
}
