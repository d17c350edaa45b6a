// The public face of the digests area (scheduled and digest reports, docs/DIGESTS.md): its routes and jobs,
// for the composition root (app.ts, jobs/registry.ts).
export { digestRoutes } from './routes';
export { digestUnsubscribeRoutes } from './unsubscribe-routes';
export { planDigestsJob, sendDigestJob } from './jobs';
