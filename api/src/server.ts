import { loadConfig } from './config';
import { buildApp } from './app';

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
  // Say which: the demo accounts have published passwords.
  if (config.seedDemo) {
    app.log.warn('Demo accounts with published passwords are loaded (README); set SEED_DEMO=false on an instance others can reach');
  } else if (config.databaseUrl) {
    app.log.info('Demo accounts are not loaded on a PostgreSQL server database; set SEED_DEMO=true to load them');
  }
  if (config.devOutbox) app.log.info('No SMTP_URL: e-mail is kept in the outbox, readable by signed-in admins at /admin/outbox');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
