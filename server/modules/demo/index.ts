// The public face of the demo area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { demoRoutes } from './routes';
export { addDemoDomains, demoRefusal, ingestDemoReports, type DemoSummary } from './load';
export { demoDomains } from './catalogue';
export { storeDemoChecks } from './checks';
