import {
  DnssecDetails,
  SmtpDetails,
  TlsDetails,
  DmarcDetails,
  MtaStsDetails,
  SpfDetails,
  TlsRptDetails,
} from '../../verifyTools';
import type { DomainAnalysisDetail } from '../types';
import { DkimSelectorsTable } from './DkimSelectorsTable';

// The stored result document of one system, shown with the Domain verify views of the same result. The
// contract ties the document to the system, so each case reads its own result type.

export function SystemResult({ detail }: { detail: DomainAnalysisDetail['attributes'] }) {
  switch (detail.system) {
    case 'dmarc':
      return detail.result && <DmarcDetails result={detail.result} />;
    case 'spf':
      return detail.result && <SpfDetails result={detail.result} />;
    case 'mta-sts':
      return detail.result && <MtaStsDetails result={detail.result} />;
    case 'dnssec':
      return detail.result && <DnssecDetails result={detail.result} />;
    case 'dkim':
      return detail.result && <DkimSelectorsTable result={detail.result} />;
    case 'smtp':
      return (
        detail.result && (
          <>
            <SmtpDetails result={detail.result} />
            <TlsDetails result={detail.result} />
          </>
        )
      );
    case 'tls':
      // The TLS page's stored result is the TLS-RPT check.
      return detail.result && <TlsRptDetails result={detail.result} />;
  }
}
