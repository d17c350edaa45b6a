import { useTranslation } from 'react-i18next';
import { Collapsible } from '../../../components/Collapsible';
import { DmarcTagTable } from './DmarcTagTable';
import { Facts, Scroll } from './detailStyles';
import { SpfTree } from './SpfTree';
import type { DmarcResult, DnsResult, MtaStsResult, RecordResult, SpfResult, TlsRptResult } from './types';

// Details of the DNS-record systems: DNS (NS and MX), SPF, DMARC, MTA-STS and TLS-RPT.

export function RecordFacts({ result }: { result: RecordResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <Facts>
      {result.location !== undefined && (
        <>
          <dt>{t('results.location')}</dt>
          <dd>{result.location ?? '—'}</dd>
        </>
      )}
      <dt>{t('results.record')}</dt>
      <dd>{result.record ? <code>{result.record}</code> : t('results.noRecord')}</dd>
      {result.valid !== undefined && (
        <>
          <dt>{t('results.valid')}</dt>
          <dd>{t(result.valid ? 'results.yes' : 'results.no')}</dd>
        </>
      )}
    </Facts>
  );
}

export function DnsDetails({ result }: { result: DnsResult }) {
  const { t } = useTranslation('domainVerify');
  const hosts = result.mx?.hosts ?? [];
  return (
    <Facts>
      <dt>{t('dns.baseDomain')}</dt>
      <dd>{result.baseDomain ?? '—'}</dd>
      <dt>{t('dns.nameServers')}</dt>
      <dd>{(result.ns?.hostnames ?? []).join(', ') || '—'}</dd>
      <dt>{t('dns.mailServers')}</dt>
      <dd>
        {result.mx?.nullMx
          ? t('dns.nullMx')
          : hosts.map((h) => `${h.preference} ${h.hostname}`).join(', ') || '—'}
      </dd>
    </Facts>
  );
}

export function SpfDetails({ result }: { result: SpfResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <>
      <RecordFacts result={result} />
      <Facts>
        <dt>{t('spf.dnsLookups')}</dt>
        <dd>{t('spf.lookupsOf', { used: result.dnsLookups ?? 0 })}</dd>
      </Facts>
      {result.tree && (
        <Collapsible title={t('spf.tree')} defaultOpen>
          <Scroll>
            <SpfTree node={result.tree} />
          </Scroll>
        </Collapsible>
      )}
    </>
  );
}

export function DmarcDetails({ result }: { result: DmarcResult }) {
  return (
    <>
      <RecordFacts result={result} />
      {result.tags && (
        <Scroll>
          <DmarcTagTable tags={result.tags} />
        </Scroll>
      )}
    </>
  );
}

export function MtaStsDetails({ result }: { result: MtaStsResult }) {
  const { t } = useTranslation('domainVerify');
  const info = result.policy?.info;
  return (
    <>
      <RecordFacts result={result} />
      <Facts>
        <dt>{t('mtaSts.policyUrl')}</dt>
        <dd>{result.policy?.url ?? '—'}</dd>
        <dt>{t('mtaSts.mode')}</dt>
        <dd>{info?.mode ?? '—'}</dd>
        <dt>{t('mtaSts.maxAge')}</dt>
        <dd>{info?.maxAge ?? '—'}</dd>
        <dt>{t('mtaSts.mx')}</dt>
        <dd>{(info?.mx ?? []).join(', ') || '—'}</dd>
      </Facts>
    </>
  );
}

export function TlsRptDetails({ result }: { result: TlsRptResult }) {
  const { t } = useTranslation('domainVerify');
  return (
    <>
      <RecordFacts result={result} />
      <Facts>
        <dt>{t('tlsRpt.rua')}</dt>
        <dd>{(result.policy?.rua ?? []).map((d) => d.uri).join(', ') || '—'}</dd>
      </Facts>
    </>
  );
}
