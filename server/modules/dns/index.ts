// The public face of the DNS hosting area (docs/DNS.md): what other areas may import from it.
// Inside: routes.ts, service.ts (the caller's zone, PowerDNS's copy of it), repo.ts, pdns-client.ts;
// zones/ (create, delete, history and revert, zones of a domain, the report domain's records), records/
// (rrsets, validation, applying a change set), zone-file/ (import and export), fixes/ (suggested fixes) and
// dnssec/.
export { dnsRoutes } from './routes';
export { noteZonesHandedOver, releaseDomainZones } from './zones/domain-zones';
export { keepReportDomainRecords, reportDomainRecordsJob } from './zones/report-domain';
