import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from './config';
import { buildApp } from './app';
import { startupNotes } from './startup-notes';

/**
 * Starts the server and shuts it down cleanly on SIGTERM / SIGINT: /ready
 * answers 503 at once (and for `SHUTDOWN_DRAIN_MS`, while balancers notice),
 * then the server stops taking connections, finishes the requests in flight
 * and the work they queued, stops its timers and closes the database. Past
 * `SHUTDOWN_TIMEOUT_MS` the process exits anyway.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.stop();
    app.log.info({ signal, drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs);
    force.unref();
    sleep(config.shutdownDrainMs)
      .then(() => app.close())
      .then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: app.db.kind,
      rateLimits: config.rateLimitStore.kind,
      web: config.serveWeb,
      url: `http://localhost:${config.port}`,
      demoAccounts: config.seedDemo,
    },
    'Fundament is running',
  );
  for (const note of startupNotes(config)) app.log[note.level](note.message);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
