import { useTranslation } from 'react-i18next';
import { Facts, Muted } from './styles';
import type { IpInfo } from './types';

/** Spec section 3 "IP info": network data and the SPF and DKIM domains this IP sent for in our reports. */
export function IpInfoPanel({ info }: { info: IpInfo }) {
  const { t } = useTranslation('ipVerify');
  const none = t('lists.none');
  const facts: [string, string][] = [
    ['hostname', info.hostname ?? none],
    ['org', info.org ?? none],
    ['city', info.city ?? none],
    ['region', info.region ?? none],
    ['country', info.country ?? none],
    ['postal', info.postal ?? none],
    ['loc', info.loc ?? none],
    ['timezone', info.timezone ?? none],
    ['spfDomains', info.spfDomains.join(', ') || none],
    ['dkimDomains', info.dkimDomains.join(', ') || none],
  ];
  return (
    <>
      <Facts>
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`info.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
      {!info.city && !info.org && <Muted>{t('info.noGeo')}</Muted>}
    </>
  );
}
