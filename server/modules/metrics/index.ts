// The public face of the metrics area (docs/MONITORING.md): the scrape endpoint and the request counter.
export { countRequests, listenForMetrics, metricsRoutes } from './routes';
