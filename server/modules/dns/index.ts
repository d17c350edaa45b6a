// The public face of the DNS hosting area (docs/DNS.md): what other areas may import from it.
export { dnsRoutes } from './routes';
export { noteZonesHandedOver, releaseDomainZones } from './zones/domain-zones';
export { keepReportDomainRecords, reportDomainRecordsJob } from './zones/report-domain';
