// The public face of the alerts area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Ingestion and the re-checks queue evaluations through it.
export { queueAlertEvaluations, queueDnsEvaluations } from './jobs';
