import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { dbPlugin } from './plugins/db-plugin';
import { errorHandlerPlugin } from './plugins/error-handler';
import { healthRoutes } from './routes/health';
import { runSeeds } from './seed/run-seeds';
import { buildRemotesJson } from './web/remotes-json';
import { serveWeb } from './web/serve-web';

export interface BuildAppOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests). */
  database?: Database;
}

/** Origins other than ours that the page may load remotes from (from remotes.json). */
function remoteOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(buildRemotesJson(config.remotesFile))) {
    if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * Plugins in order: external (security headers, compression), app services
 * (error shape, database), then the API routes under /api/v1, then the web
 * front ends in production.
 */
export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.password_confirmation'],
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  const extraOrigins = remoteOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraOrigins],
        // react-hot-toast and the boot screen use inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...extraOrigins],
        imgSrc: ["'self'", 'data:', 'blob:', ...extraOrigins],
        connectSrc: ["'self'", ...extraOrigins],
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
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, ...(database ? { database } : {}) });
  if (config.seedDemo) app.addHook('onReady', async () => runSeeds(app.db, app.log));

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
    },
    { prefix: '/api/v1' },
  );

  if (config.serveWeb) await app.register(serveWeb, { config });
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));

  return app;
}
