import {
  DaneDetails,
  DnssecDetails,
  SmtpDetails,
  TlsDetails,
} from '../../verifyTools/domainVerify/MailDetails';
import {
  DmarcDetails,
  MtaStsDetails,
  SpfDetails,
  TlsRptDetails,
} from '../../verifyTools/domainVerify/RecordDetails';
import type { AnalysisSystem, DkimResult } from '../types';
import { DkimSelectorsTable } from './DkimSelectorsTable';

// The stored result document of one system, shown with the Domain verify views of the same result.

type Loose = Record<string, unknown>;

export function SystemResult({ system, result }: { system: AnalysisSystem; result: unknown }) {
  const r = (result ?? {}) as Loose;
  const any = r as never;
  switch (system) {
    case 'dmarc':
      return <DmarcDetails result={any} />;
    case 'spf':
      return <SpfDetails result={any} />;
    case 'mta-sts':
      return <MtaStsDetails result={any} />;
    case 'dnssec':
      return <DnssecDetails result={any} />;
    case 'dkim':
      return <DkimSelectorsTable result={r as DkimResult} />;
    case 'smtp':
      return (
        <>
          <SmtpDetails result={any} />
          <TlsDetails result={any} />
          {'dane' in r && r.dane ? <DaneDetails result={r.dane as never} /> : null}
        </>
      );
    case 'tls': {
      // The TLS page: the TLS-RPT record, and the TLS sessions of the MX hosts when the result has them.
      const tlsRpt = (r.tlsRpt ?? r) as never;
      return (
        <>
          <TlsRptDetails result={tlsRpt} />
          {Array.isArray(r.hosts) && <TlsDetails result={any} />}
        </>
      );
    }
  }
}
