import { useTranslation } from 'react-i18next';
import { Panel } from '../../../app/layout/PageFrame';
import { Note, PanelTitle } from './styles';
import '../locale';

/** Billing is off (no STRIPE_SECRET_KEY): the pages say so instead of offering what cannot work. */
export function BillingOff() {
  const { t } = useTranslation('billing');
  return (
    <Panel aria-labelledby="billing-off">
      <PanelTitle id="billing-off">{t('off.title')}</PanelTitle>
      <Note role="status">{t('off.text')}</Note>
    </Panel>
  );
}
