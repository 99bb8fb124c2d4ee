import { siteRecordRoutes } from './routes/site-record';
import { adminSiteRecordRoutes } from './routes/site-record/admin';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { dbPlugin } from './plugins/db-plugin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { errorHandlerPlugin } from './plugins/error-handler';
import { contractPlugin } from './http/contract-plugin';
import { inputGuardPlugin } from './plugins/input-guard';
import { registerJsonBodyParser } from './plugins/json-body';
import { lifecyclePlugin } from './plugins/lifecycle-plugin';
import { i18nPlugin } from './i18n/i18n-plugin';
import { rateLimitsPlugin } from './accounts/rate-limits';
import { mailerPlugin } from './mail/mailer-plugin';
import { jobsPlugin } from './jobs/jobs-plugin';
import { CLEANUP_SCHEDULE, deleteExpiredRecords } from './jobs/cleanup';
import { defineEscrowTimers } from './escrow/timer-job';
import { defineLedgerCheck } from './escrow/ledger-check-job';
import { defineMessageDigest } from './marketplace/message-digest';
import { defineDailyDigest } from './marketplace/daily-digest';
import { metricsPlugin } from './metrics/metrics-plugin';
import { objectStorePlugin } from './uploads/object-store-plugin';
import { authPlugin } from './accounts/auth-plugin';
import { authRoutes } from './routes/auth';
import { adminAuthRoutes } from './routes/admin-auth';
import { mediaRoutes } from './routes/media';
import { devOutboxRoutes } from './routes/dev-outbox';
import { redactUrl } from './accounts/redact-url';
import { healthRoutes } from './routes/health';
import { designRoutes } from './routes/designs';
import { commonRoutes } from './routes/common';
import { projectRoutes } from './routes/projects';
import { inviteRoutes } from './routes/invites';
import { specialistRoutes } from './routes/specialists';
import { professionalRoutes } from './routes/professionals';
import { notificationRoutes } from './routes/notifications';
import { emailPreferenceRoutes } from './routes/email-preferences';
import { adminRoutes } from './routes/admin';
import { contractRoutes } from './routes/contracts';
import { adminEscrowRoutes } from './routes/admin/escrow';
import { conversationRoutes } from './routes/conversations';
import { adminConversationRoutes } from './routes/admin/conversations';
import type { PayinProviders } from './payments/payins/payin-service';
import { payinWebhookRoutes, setUpPayins } from './payments/payins/payins-plugin';
import { runSeeds } from './seed/run-seeds';
import { seedDemoAdminFactor } from './seed/accounts-seeder';
import { loadTwoFactorKey } from './accounts/two-factor';
import type { PayoutProvider } from './payments/payout-provider';
import { setUpPayouts } from './payments/payouts/payouts-plugin';
import { adminPayoutRoutes, payoutRoutes } from './payments/payouts/payout-routes';
import { createRemotesSource } from './web/remotes-json';
import { serveWeb } from './web/serve-web';

/** The version of the /api/v1 contract published in the OpenAPI document. */
const API_VERSION = '1.0.0';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RegisteredRoute[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests). */
  database?: Database;
  /** Take escrow payments (pay-ins); the configured providers, the embedded sandbox by default, unless given. */
  payins?: PayinProviders;
  /** Sends payouts; the embedded sandbox unless a real one is given. */
  payouts?: PayoutProvider;
}

/**
 * Plugins in order: external (security headers, compression), app services
 * (error shape, database), then the API routes under /api/v1, then the web
 * front ends in production.
 */
export async function buildApp({ config, database, payins: givenPayins, payouts: givenPayouts }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.password_confirmation'],
      // Links carry secrets in their query (e-mailed tokens, OAuth code and state): keep them out of the logs.
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    // Trust X-Forwarded-For only as many hops deep as there are proxies of ours.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    // Slow clients are cut off: the whole request within requestTimeoutMs (checked every tenth of it), its headers
    // within as long or a minute. Answers are not limited (the notification stream stays open).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.round(config.requestTimeoutMs / 10))),
    },
  });

  // Every route as registered, for the authorization matrix test: a new route without an entry fails it.
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routeList.push({ method, url: route.url });
    }
  });

  // Nesting and size are refused while the body is read, before JSON.parse (an empty body is no body).
  registerJsonBodyParser(app);

  // The same configuration feeds the content security policy and /remotes.json, and follows a redeploy.
  const remotes = createRemotesSource(config.remotesFile, (message) => app.log.warn(message));
  await app.register(securityHeadersPlugin, {
    origins: () => remotes.origins(),
    policy: (origins) => {
      const extraOrigins = origins.join(' ');
      return {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", extraOrigins],
            // react-hot-toast and the boot screen use inline styles.
            styleSrc: ["'self'", "'unsafe-inline'", extraOrigins],
            imgSrc: ["'self'", 'data:', 'blob:', extraOrigins],
            connectSrc: ["'self'", extraOrigins],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      };
    },
  });
  // Answers are a few kilobytes of JSON: brotli's quality 1 takes half the processor time of quality 3 for
  // 2-3 % more bytes (a page of 12 request cards, 4.1 KB: 42 → 22 µs, 998 → 1,020 bytes; a contract,
  // 1.4 KB: 25 → 13 µs, 729 → 753 bytes), and a window past 64 KiB only costs set-up time.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 } },
  });
  // Only the social sign-in flow uses a cookie (binding it to the browser that started it); sessions stay Bearer tokens.
  await app.register(cookie);
  await app.register(errorHandlerPlugin);
  await app.register(lifecyclePlugin);
  // Before any route: it compiles their schemas and collects them into the OpenAPI document.
  await app.register(contractPlugin, { strictResponses: config.strictResponses, version: API_VERSION });
  await app.register(dbPlugin, { config, ...(database ? { database } : {}) });
  await app.register(i18nPlugin);
  await app.register(inputGuardPlugin);
  await app.register(rateLimitsPlugin, { limits: config.rateLimits, store: config.rateLimitStore });
  await app.register(jobsPlugin, { ...config.jobs, stopTimeoutMs: 10_000 });
  app.jobs.define({
    name: 'cleanup.expired',
    schedule: CLEANUP_SCHEDULE,
    run: async () => {
      const report = await deleteExpiredRecords(app.db);
      app.log.info({ report }, 'expired records deleted');
    },
  });
  await app.register(mailerPlugin, { config });
  defineEscrowTimers(app, config);
  defineLedgerCheck(app);
  defineMessageDigest(app, config);
  defineDailyDigest(app, config);
  await app.register(objectStorePlugin, { config });
  await app.register(authPlugin);
  app.decorate('twoFactorKey', loadTwoFactorKey(config));
  if (config.seedDemo)
    app.addHook('onReady', async () => {
      await runSeeds(app.db, app.log);
      await seedDemoAdminFactor(app.db, app.twoFactorKey);
    });
  const payins = await setUpPayins(app, config, givenPayins);

  const payouts = setUpPayouts(app, config, givenPayouts);
  // Before the routes: its timing hook covers every one of them.
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { config });
      await api.register(adminAuthRoutes, { config });
      await api.register(mediaRoutes, { config });
      if (config.devOutbox) await api.register(devOutboxRoutes);
      await api.register(designRoutes);
      await api.register(commonRoutes);
      await api.register(projectRoutes, { config });
      await api.register(inviteRoutes, { config });
      await api.register(specialistRoutes);
      await api.register(professionalRoutes);
      await api.register(notificationRoutes);
      await api.register(emailPreferenceRoutes);
      await api.register(adminRoutes, { config });
      await api.register(contractRoutes, { config, payins });
      await api.register(payinWebhookRoutes, { config, providers: payins });
      await api.register(adminEscrowRoutes, { config });
      await api.register(siteRecordRoutes, { config });
      await api.register(adminSiteRecordRoutes);
      await api.register(conversationRoutes);
      await api.register(adminConversationRoutes);
      await api.register(payoutRoutes, { config, provider: payouts });
      await api.register(adminPayoutRoutes, { provider: payouts });
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
    },
    { prefix: '/api/v1' },
  );

  if (config.serveWeb) await app.register(serveWeb, { config, remotes });
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));

  return app;
}
