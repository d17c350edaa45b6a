import type { Wire } from '../../../../contract/casing';
import type {
  checkAttributes,
  dmarcCheckSchema,
  dnsCheckSchema,
  mtaStsCheckSchema,
  spfCheckSchema,
  spfTreeSchema,
  tlsRptCheckSchema,
} from '../../../../contract/checks';
import type { checkWarningSchema } from '../../../../contract/check-fields';
import type {
  daneCheckSchema,
  dnssecCheckSchema,
  smtpCheckSchema,
} from '../../../../contract/checks-transport';
import type { systemKinds } from './flags';

// The domain check results as the SPA reads them: the contract's schemas (contract/checks.ts) after the
// client's camelCase mapping.

export type CheckWarning = Wire<typeof checkWarningSchema>;
export type Severity = CheckWarning['severity'];

export type DnsResult = Wire<typeof dnsCheckSchema>;
export type SpfResult = Wire<typeof spfCheckSchema>;
export type SpfTreeNode = Wire<typeof spfTreeSchema>;
export type DmarcResult = Wire<typeof dmarcCheckSchema>;
export type DmarcTag = NonNullable<DmarcResult['tags']>[string];
export type MtaStsResult = Wire<typeof mtaStsCheckSchema>;
export type TlsRptResult = Wire<typeof tlsRptCheckSchema>;
export type DnssecResult = Wire<typeof dnssecCheckSchema>;
export type DaneResult = Wire<typeof daneCheckSchema>;
export type SmtpResult = Wire<typeof smtpCheckSchema>;

/** What one system's check answers (the DNS check may answer { error }). */
export type SystemResult<S extends keyof typeof systemKinds> = Wire<
  (typeof checkAttributes)[(typeof systemKinds)[S]]
>;
export type AnySystemResult = SystemResult<keyof typeof systemKinds>;

/** The record facts several results share (DMARC, SPF, MTA-STS, TLS-RPT). */
export type RecordResult = Pick<DmarcResult, 'record'> & Partial<Pick<DmarcResult, 'location' | 'valid'>>;
