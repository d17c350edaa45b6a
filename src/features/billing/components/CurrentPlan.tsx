import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { TonePill, type PillTone } from '../../../components/TonePill';
import { Button, PrimaryButton } from '../../../components/Button';
import { Facts } from '../../../components/Facts';
import type { Subscription } from '../billingApi';
import { portalResource, subscriptionChangeResource, type SubscriptionAction } from '../billingResources';
import { formatDate, formatPrice } from '../format';
import { BenefitList } from './BenefitList';
import { Actions, Note, SubTitle } from './styles';
import '../locale';

const tones: Record<string, PillTone> = {
  trialing: 'success',
  active: 'success',
  past_due: 'warning',
  incomplete: 'warning',
};

type Confirm = Extract<SubscriptionAction, 'end_trial' | 'cancel'> | null;

/** The subscription (inside the page's "Your plan" panel): plan, status, period, trial end with "end trial now", cancel or resume. */
export function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const dispatch = useAppDispatch();
  const busy = useAppSelector(subscriptionChangeResource.selectors.selectIsLoading);
  const portalBusy = useAppSelector(portalResource.selectors.selectIsLoading);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const a = subscription.attributes;
  const language = i18n.language;
  const cancelled = a.access === 'cancelled';
  const change = (action: SubscriptionAction) => {
    setConfirm(null);
    dispatch(subscriptionChangeResource.actions.request(action));
  };
  const periodLabel = cancelled ? 'current.ended' : a.cancelAtPeriodEnd ? 'current.endsOn' : 'current.renews';

  return (
    <>
      {a.access === 'past_due' && <Note $tone="warning">{t('current.pastDue')}</Note>}
      {cancelled && <Note $tone="error">{t('current.cancelledText')}</Note>}
      {!cancelled && a.cancelAtPeriodEnd && (
        <Note $tone="warning">
          {t('current.cancelAtPeriodEnd', { date: formatDate(a.endDate, language) })}
        </Note>
      )}
      <Facts>
        <dt>{t('current.plan')}</dt>
        <dd>{a.productName ?? t('current.unnamed')}</dd>
        <dt>{t('current.status')}</dt>
        <dd>
          <TonePill $tone={tones[a.status] ?? 'error'}>{t(`status.${a.status}`)}</TonePill>
        </dd>
        {a.price && (
          <>
            <dt>{t('current.price')}</dt>
            <dd>{formatPrice(a.price, language)}</dd>
          </>
        )}
        {a.status === 'trialing' && a.trialEnd && (
          <>
            <dt>{t('current.trialEnd')}</dt>
            <dd>{formatDate(a.trialEnd, language)}</dd>
          </>
        )}
        {a.endDate && (
          <>
            <dt>{t(periodLabel)}</dt>
            <dd>{formatDate(a.endDate, language)}</dd>
          </>
        )}
      </Facts>
      {/* An ended plan allows nothing more: its limits would read as if they still held. */}
      {!cancelled && (
        <>
          <SubTitle>{t('current.benefits')}</SubTitle>
          <BenefitList benefits={a.benefits} />
        </>
      )}
      <Actions>
        {a.status === 'trialing' && (
          <PrimaryButton type="button" disabled={busy} onClick={() => setConfirm('end_trial')}>
            {t('current.endTrial')}
          </PrimaryButton>
        )}
        {!cancelled && !a.cancelAtPeriodEnd && (
          <Button type="button" disabled={busy} onClick={() => setConfirm('cancel')}>
            {t('current.cancel')}
          </Button>
        )}
        {!cancelled && a.cancelAtPeriodEnd && (
          <PrimaryButton type="button" disabled={busy} onClick={() => change('resume')}>
            {t('current.resume')}
          </PrimaryButton>
        )}
        <Button
          type="button"
          disabled={portalBusy}
          aria-busy={portalBusy || undefined}
          onClick={() => dispatch(portalResource.actions.request())}
        >
          {t('current.manage')}
        </Button>
      </Actions>
      <Modal
        isOpen={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t(confirm === 'end_trial' ? 'current.endTrialTitle' : 'current.cancelTitle')}
        footer={
          <>
            <Button type="button" onClick={() => setConfirm(null)}>
              {t('current.keep')}
            </Button>
            <PrimaryButton type="button" onClick={() => confirm && change(confirm)}>
              {t(confirm === 'end_trial' ? 'current.endTrial' : 'current.cancel')}
            </PrimaryButton>
          </>
        }
      >
        <p>
          {confirm === 'end_trial'
            ? t('current.endTrialText')
            : t('current.cancelText', { date: formatDate(a.endDate, language) })}
        </p>
      </Modal>
    </>
  );
}
