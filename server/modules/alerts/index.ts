// The public face of the alerts area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Ingestion and the re-checks queue evaluations through it; the digests read the
// alerts of a period.
export { queueAlertEvaluations, queueDnsEvaluations } from './jobs';
export { alertsOfPeriod, type PeriodAlert } from './evaluation/period';
