import { loadConfig } from './config';
import { buildApp } from './app';
import { startupNotes } from './startup-notes';

/** Starts the server and shuts it down cleanly on SIGTERM / SIGINT (in-flight requests finish, the database closes). */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
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
    { database: app.db.kind, web: config.serveWeb, url: `http://localhost:${config.port}`, demoAccounts: config.seedDemo },
    'Fundament is running',
  );
  for (const note of startupNotes(config)) app.log[note.level](note.message);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
