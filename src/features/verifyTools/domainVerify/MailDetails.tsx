import { useTranslation } from 'react-i18next';
import { DetailTable } from './DetailTable';
import { Facts } from './detailStyles';
import type { DaneResult, DnssecResult, SmtpResult } from './types';

// Details of the mail-transport systems: DNSSEC, DANE, SMTP servers and TLS.

export function DnssecDetails({ result }: { result: DnssecResult }) {
  const { t } = useTranslation('domainVerify');
  const names = [...(result.details ? [result.details] : []), ...(result.mx ?? [])];
  return (
    <DetailTable caption={t('dnssec.names')} columns={[t('dnssec.name'), t('dnssec.status')]}>
      {names.map((n, i) => (
        <tr key={`${n.name}-${i}`}>
          <th scope="row">{n.name}</th>
          <td>{t(`dnssec.states.${n.status}`, { defaultValue: n.status })}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

export function DaneDetails({ result }: { result: DaneResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <>
      <Facts>
        <dt>{t('dane.mxSecure')}</dt>
        <dd>{t(result.mxSecure ? 'results.yes' : 'results.no')}</dd>
      </Facts>
      <DetailTable
        caption={t('dane.hosts')}
        columns={[t('dane.tlsaName'), t('dane.status'), t('dane.records')]}
      >
        {(result.hosts ?? []).map((h) => (
          <tr key={h.host}>
            <th scope="row">{h.tlsaName}</th>
            <td>{t(`dane.states.${h.status}`, { defaultValue: h.status })}</td>
            <td>
              {h.records.map((r, i) => (
                <div key={i}>
                  <code>{`${r.usage} ${r.selector} ${r.matchingType} ${r.data.slice(0, 16)}…`}</code>{' '}
                  {t(r.matches ? 'dane.matches' : r.usable ? 'dane.noMatch' : 'dane.unusable')}
                </div>
              ))}
            </td>
          </tr>
        ))}
      </DetailTable>
    </>
  );
}

export function SmtpDetails({ result }: { result: SmtpResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <DetailTable
      caption={t('smtp.servers')}
      columns={[t('smtp.host'), t('smtp.banner'), t('smtp.startTls'), t('smtp.steps')]}
    >
      {(result.hosts ?? []).map((h) => (
        <tr key={h.host}>
          <th scope="row">
            {h.host}
            <div>{h.address ? `${h.address}:${h.port}` : t('smtp.noAddress')}</div>
          </th>
          <td>{h.banner ?? '—'}</td>
          <td>{t(h.startTls ? 'results.yes' : 'results.no')}</td>
          <td>
            {h.steps.map((s) => (
              <div key={s.step}>
                {t(`smtp.step.${s.step}`, { defaultValue: s.step })}: {t('smtp.ms', { ms: s.ms })}{' '}
                {s.ok ? t('smtp.ok') : t('smtp.failed', { detail: s.detail ?? '' })}
              </div>
            ))}
          </td>
        </tr>
      ))}
    </DetailTable>
  );
}

export function TlsDetails({ result }: { result: SmtpResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <DetailTable
      caption={t('tls.sessions')}
      columns={[t('smtp.host'), t('tls.protocol'), t('tls.certificate')]}
    >
      {(result.hosts ?? []).map((h) => (
        <tr key={h.host}>
          <th scope="row">{h.host}</th>
          <td>{h.tls ? `${h.tls.protocol ?? '—'} · ${h.tls.cipher ?? '—'}` : t('tls.none')}</td>
          <td>
            {h.tls?.chain[0] ? (
              <>
                <div>{h.tls.chain[0].subject}</div>
                <div>{t('tls.issuer', { issuer: h.tls.chain[0].issuer })}</div>
                <div>
                  {t('tls.expires', {
                    date: h.tls.chain[0].validTo.slice(0, 10),
                    days: h.tls.chain[0].daysLeft,
                  })}
                </div>
                <div>
                  {t(h.tls.trusted ? 'tls.trusted' : 'tls.untrusted')} ·{' '}
                  {t(h.tls.nameMatches ? 'tls.nameMatches' : 'tls.nameMismatch')}
                </div>
              </>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </DetailTable>
  );
}
