import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/Facts';
import { formatCount } from '../../../i18n/format';
import type { Product } from '../billingApi';
import '../locale';

type Benefits = Product['benefits'];
const order: (keyof Benefits)[] = [
  'domains',
  'campaigns',
  'campaignRecipients',
  'retention',
  'organizationMembersLimit',
  'alerts',
  'digestReports',
  'dnsZones',
];

/** A plan's limits, the ones it sets (a limit it leaves out is the server's default). */
export function BenefitList({ benefits }: { benefits: Benefits }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Facts>
      {order
        .filter((key) => typeof benefits[key] === 'number')
        .map((key) => (
          <Fragment key={key}>
            <dt>{t(`benefit.${key}`)}</dt>
            <dd>{formatCount(benefits[key] as number, i18n.language)}</dd>
          </Fragment>
        ))}
    </Facts>
  );
}
