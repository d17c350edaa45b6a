import { useTranslation } from 'react-i18next';
import { ReputationBadge } from './ReputationBadge';
import { Facts } from './styles';
import type { IpListing } from './types';

/** Spec section 3 "IP listing" fields and the reputation summary (listed, noListed, reverseDns). */
export function ListingSummary({ listing }: { listing: IpListing }) {
  const { t } = useTranslation('ipVerify');
  const none = t('lists.none');
  const host = listing.targetHost
    ? `${listing.targetHost}${listing.targetHostConfirmed ? '' : ` (${t('summary.unconfirmed')})`}`
    : none;
  const facts: [string, string][] = [
    ['title', listing.title],
    ['target', listing.target],
    ['targetHost', host],
    ['asn', listing.asn ?? none],
    ['net', listing.net ?? none],
    ['countryCode', listing.countryCode ?? none],
    ['city', listing.city ?? none],
    ['region', listing.region ?? none],
    ['listed', String(listing.listed)],
    ['noListed', String(listing.noListed)],
    ['failed', String(listing.failed)],
  ];
  return (
    <>
      <p>
        <strong>{t('summary.reputation')}</strong> <ReputationBadge reputation={listing.reputation} />
      </p>
      <Facts>
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`summary.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
    </>
  );
}
