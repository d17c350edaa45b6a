import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import './fastify-augment';
import { rejectControlChars } from './lib/control-chars';
import { responseSerializer } from './lib/response-serializer';
import { errorHandler } from './lib/error-handler';
import { completeDocument } from './lib/openapi';
import type { OpenAPIV3 } from 'openapi-types';
import './lib/schemas';
import { registerXsrfCookie } from './lib/xsrf';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { healthRoutes, type QueueReady } from './modules/health/routes';
import { registerChecksPort } from './modules/checks/port-server';
import { checksRoutes } from './modules/checks/routes';
import { rblCheckRoutes } from './modules/reputation/checks-routes';
import { withRecaptchaSources } from './modules/reputation/protection/csp';
import { publicConfigRoutes } from './modules/reputation/public-config-routes';
import { reputationRoutes } from './modules/reputation/routes';
import { accountRoutes } from './modules/account/routes';
import { auditRoutes } from './modules/audit/routes';
import { domainGroupRoutes } from './modules/domain-groups/routes';
import { organizationDomainRoutes } from './modules/domains/organization-routes';
import { domainRoutes } from './modules/domains/routes';
import { organizationMemberRoutes } from './modules/organizations/members-routes';
import { registrationRoutes } from './modules/organizations/registrations-routes';
import { organizationRoutes } from './modules/organizations/routes';
import { publicationRoutes } from './modules/publications/routes';
import { reportRoutes } from './modules/reports/routes';
import {
  domainAnalyticsRoutes,
  organizationAnalyticsRoutes,
} from './modules/analytics/overview/overview-routes';
import { aggregationRoutes } from './modules/analytics/aggregations/aggregation-routes';
import { alertRoutes } from './modules/alerts/routes';
import { alertUnsubscribeRoutes } from './modules/alerts/delivery/unsubscribe';
import { firingActionRoutes } from './modules/alerts/delivery/action-link';
import { demoRoutes } from './modules/demo';
import { analysisRoutes } from './modules/analysis/routes';
import { dnsRoutes } from './modules/dns';
import { domainInfoRoutes } from './modules/domain-info/routes';
import { historyRoutes } from './modules/history/routes';
import { drilldownRoutes } from './modules/analytics/drilldown/drilldown-routes';
import { emailSenderLogoRoutes } from './modules/email-senders/logo-routes';
import { emailSenderMaintenanceRoutes } from './modules/email-senders/maintenance-routes';
import { emailSenderRoutes } from './modules/email-senders/routes';
import { settingsRoutes } from './modules/settings/routes';
import { userAdminRoutes } from './modules/users/admin-routes';
import { userRoutes } from './modules/users/routes';
import { notFoundHandler, registerSpa } from './spa';
import { withTrackerSources } from './lib/trackers';
import { digestRoutes, digestUnsubscribeRoutes } from './modules/digests';
import { countRequests, metricsRoutes } from './modules/metrics';
import { recipientRoutes } from './modules/recipients';
import { billingRoutes, legacyPaymentRoutes, refuseCancelledWrites, webhookRoutes } from './modules/billing';

// Helmet's CSP: everything from our own origin; inline styles for styled-components; data: images (QR codes).
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type BuildOptions = { onRoute?: (route: RouteOptions) => void; queueReady?: QueueReady };

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger, trustProxy: ctx.config.trustProxy });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: withTrackerSources(
      withRecaptchaSources(contentSecurityPolicy, ctx.config),
      ctx.config.trackers,
    ),
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // The SPA may post FormData (multipart); fields become a plain body object like the urlencoded form.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 5 * 1024 * 1024 },
  });
  registerXsrfCookie(app, ctx.config.publicUrl.startsWith('https:'));

  // NUL and other control characters in any path parameter, query or body field: 400 naming the field.
  rejectControlChars(app);
  // Mail handed to the background delivery is finished (or left in the outbox) before the database closes.
  app.addHook('onClose', () => ctx.mailer.settled());

  // An empty form post still gets per-field "This field is required." answers.
  app.addHook('preValidation', async (request) => {
    if (bodyMethods.has(request.method) && (request.body === undefined || request.body === null))
      request.body = {};
  });
  // A Cancelled organization is read-only: its writes under /api answer 403 (docs/BILLING.md).
  app.addHook('preValidation', refuseCancelledWrites);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'msas API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas named with .meta({ id }) (the recursive ones) become components/schemas their $refs reach.
    transformObject: (input) =>
      'openapiObject' in input
        ? completeDocument(jsonSchemaTransformObject(input) as Partial<OpenAPIV3.Document>)
        : input.swaggerObject,
  });

  // The rendered API reference, from files of the package itself (no CDN): /api/docs.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true },
    theme: { title: 'msas API reference' },
  });

  countRequests(app);
  await app.register(healthRoutes(ctx, options.queueReady));
  if (ctx.config.metrics?.token) await app.register(metricsRoutes(ctx, true));
  await app.register(authRoutes(ctx), { prefix: '/api/ph' });
  await app.register(userRoutes(ctx), { prefix: '/api/ph' });
  await app.register(contactRoutes(ctx), { prefix: '/api/ph' });
  // IP verify and reputation (docs/REPUTATION.md).
  await app.register(publicConfigRoutes(ctx), { prefix: '/api/ph' });
  await app.register(reputationRoutes(ctx), { prefix: '/api/rep' });
  await app.register(rblCheckRoutes(ctx), { prefix: '/checks' });
  // Domain tests (docs/CHECKS.md): /checks/dns|spf|dmarc|mta-sts|tls-rpt|domain/{domain}, on CHECKS_PORT too.
  await app.register(checksRoutes(ctx), { prefix: '/checks' });
  registerChecksPort(app, ctx);
  // Organizations, users, domains and accounts (docs/PERMISSIONS.md).
  for (const routes of [
    userAdminRoutes,
    organizationRoutes,
    organizationMemberRoutes,
    organizationDomainRoutes,
    registrationRoutes,
    accountRoutes,
    auditRoutes,
    publicationRoutes,
    settingsRoutes,
  ]) {
    await app.register(routes(ctx), { prefix: '/api/ph' });
  }
  await app.register(domainRoutes(ctx), { prefix: '/api/dm' });
  await app.register(domainGroupRoutes(ctx), { prefix: '/api/dm' });
  await app.register(reportRoutes(ctx), { prefix: '/api/dm' });
  // Analytics (spec section 7): metrics, time series and aggregations, read from dmarc_rollups.
  await app.register(domainAnalyticsRoutes(ctx), { prefix: '/api/dm' });
  await app.register(aggregationRoutes(ctx), { prefix: '/api/dm' });
  // Stored domain checks (docs/CHECKS.md): Analysis by system, re-check, DNS history, Domain Info.
  await app.register(analysisRoutes(ctx), { prefix: '/api/dm' });
  await app.register(historyRoutes(ctx), { prefix: '/api/dm' });
  await app.register(domainInfoRoutes(ctx), { prefix: '/api/dm' });
  await app.register(drilldownRoutes(ctx), { prefix: '/api/dm' });
  // Email senders: the installation-wide catalogue, its logos, networks and attribution.
  for (const routes of [emailSenderRoutes, emailSenderLogoRoutes, emailSenderMaintenanceRoutes])
    await app.register(routes(ctx), { prefix: '/api/dm' });
  await app.register(organizationAnalyticsRoutes(ctx), { prefix: '/api/ph' });
  // Alerts (docs/ALERTS.md): rules, conditions, history, backtest.
  await app.register(alertRoutes(ctx), { prefix: '/api/dm' });
  await app.register(alertUnsubscribeRoutes(ctx), { prefix: '/api/dm' });
  await app.register(firingActionRoutes(ctx), { prefix: '/api/dm' });
  await app.register(demoRoutes(ctx), { prefix: '/api/dm' });
  // Scheduled and digest reports (docs/DIGESTS.md): schedules, preview, send now, history, unsubscribe.
  await app.register(digestRoutes(ctx), { prefix: '/api/dm' });
  await app.register(digestUnsubscribeRoutes(ctx), { prefix: '/api/dm' });
  await app.register(recipientRoutes(ctx), { prefix: '/api/ph' });
  // DNS hosting through PowerDNS (docs/DNS.md).
  await app.register(dnsRoutes(ctx), { prefix: '/api/dm' });
  // Billing through Stripe (docs/BILLING.md): payments, Stripe's webhook, the legacy payment host.
  await app.register(billingRoutes(ctx), { prefix: '/api/pg' });
  await app.register(webhookRoutes(ctx), { prefix: '/api/pg' });
  await app.register(legacyPaymentRoutes(ctx), { prefix: '/legacy-payments' });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/openapi.json',
    {
      schema: {
        tags: ['meta'],
        summary: 'This OpenAPI document',
        response: {
          200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).meta({
            example: { openapi: '3.0.3', info: { title: 'msas API', version: '0.1.0' }, paths: {} },
          }),
        },
      },
    },
    async () => app.swagger() as unknown as { openapi: string; paths: Record<string, unknown> },
  );

  app.setNotFoundHandler(notFoundHandler(ctx.config.staticDir));
  await registerSpa(app, ctx.config.staticDir);
  return app;
}
