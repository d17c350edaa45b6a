// The public face of the alerts area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Ingestion and the re-checks queue evaluations through it; the digests read the
// alerts of a period.
// Inside: routes.ts (the calls), jobs.ts (the queue's jobs), repo.ts (rule reads and writes);
// rules/ (the catalogue of conditions, checking and saving a rule, its documents), evaluation/ (judging a
// rule for a day, one at a time or in batches, the block list sweep, the backtest, a digest's alerts) and
// delivery/ (the e-mail and its cool-down, the webhook and its target, the unsubscribe link).
export { queueAlertEvaluations, queueDnsEvaluations } from './jobs';
export { alertsOfPeriod, type PeriodAlert } from './evaluation/period';
