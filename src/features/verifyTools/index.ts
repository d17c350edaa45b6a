// The verifyTools feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { DetailTable } from './domainVerify/DetailTable';
export { DnssecDetails, SmtpDetails, TlsDetails } from './domainVerify/MailDetails';
export { DmarcDetails, MtaStsDetails, SpfDetails, TlsRptDetails } from './domainVerify/RecordDetails';
export { WarningList, bySeverity, warningText } from './domainVerify/WarningList';
export { IpInfoPanel } from './ipVerify/IpInfoPanel';
export { ipInfoResource } from './ipVerify/ipVerifyResources';
