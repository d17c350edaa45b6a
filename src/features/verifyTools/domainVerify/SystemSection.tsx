import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PercentageBar } from '../../../components/PercentageBar';
import { domainCheckResources } from './domainCheckResources';
import { systemOfFlag, type FlagName } from './flags';
import { DaneDetails, DnssecDetails, SmtpDetails, TlsDetails } from './MailDetails';
import { DmarcDetails, DnsDetails, MtaStsDetails, SpfDetails, TlsRptDetails } from './RecordDetails';
import type { AnySystemResult } from './types';
import { WarningList } from './WarningList';

const Score = styled.div`
  min-width: 180px;
`;

const Failure = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.error};
`;

const Muted = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.textMuted};
`;

// The SMTP result holds both the servers and their TLS sessions; the DNS result the NS and MX sets.
function details(flag: FlagName, result: AnySystemResult): ReactNode {
  // Which result a flag's resource holds is fixed by systemOfFlag; the union does not carry it.
  const r = result as never;
  switch (flag) {
    case 'nameServers':
      return <DnsDetails result={r} />;
    case 'spf':
      return <SpfDetails result={r} />;
    case 'dmarc':
      return <DmarcDetails result={r} />;
    case 'mtaSts':
      return <MtaStsDetails result={r} />;
    case 'tlsRpt':
      return <TlsRptDetails result={r} />;
    case 'dnssec':
      return <DnssecDetails result={r} />;
    case 'dane':
      return <DaneDetails result={r} />;
    case 'smtpServers':
      return <SmtpDetails result={r} />;
    case 'tls':
      return <TlsDetails result={r} />;
  }
}

/** One system's result: its score, warnings and details, with its own loading and error states. */
export function SystemSection({ flag }: { flag: FlagName }) {
  const { t } = useTranslation('domainVerify');
  const resource = domainCheckResources[systemOfFlag[flag]];
  const { data, isLoading, error } = useAppSelector(resource.selectors.selectState);
  // The DNS checker answers { error } when it fails: shown like a failed request.
  const failed = data !== null && 'error' in data;
  const result = data && !('error' in data) ? data : null;
  const title = t(`flags.${flag}`);
  const score = result && !error ? result.score : null;
  return (
    <LoadingPanel
      isLoading={isLoading}
      title={title}
      headerButtons={
        score !== null ? (
          <Score>
            <PercentageBar value={score} label={t('results.scoreOf', { system: title })} />
          </Score>
        ) : undefined
      }
    >
      {error || failed ? (
        <Failure role="alert">{error?.message ?? t(`errors.${systemOfFlag[flag]}`)}</Failure>
      ) : result ? (
        <>
          {details(flag, result)}
          <WarningList warnings={result.warnings} />
        </>
      ) : (
        <Muted>{t('results.checking')}</Muted>
      )}
    </LoadingPanel>
  );
}
