/**
 * `pnpm bench:jobs`: e-mail and notification throughput through the real
 * queue, workers and pooled SMTP transport, against a local SMTP server (the
 * `smtp-server` package the tests use). On the embedded database by default,
 * on a PostgreSQL server when DATABASE_URL is set (a schema of its own, dropped
 * afterwards). Prints three figures against the targets:
 *   - e-mails per second, a burst of BURST e-mails queued at once (≥ 100/s);
 *   - a lone e-mail's latency, from the call to the SMTP server's acceptance (≤ 1 s);
 *   - a request matching 1,000 verified specialists: the answer, every in-app
 *     notification (≤ 5 s) and every e-mail (≤ 30 s).
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedPerson } from '../test/escrow-fixtures';
import { startSmtpDouble } from '../test/smtp-double';

const BURST = Number(process.env.BENCH_BURST ?? 500);
const SPECIALISTS = Number(process.env.BENCH_SPECIALISTS ?? 1000);

async function openDatabase(): Promise<{ db: Database; drop(): Promise<void>; label: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, drop: () => db.close(), label: 'embedded PGlite' };
  }
  const schema = `bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { schema });
  return {
    db,
    label: 'PostgreSQL server',
    async drop() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.close();
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function main(): Promise<void> {
  const smtp = await startSmtpDouble();
  const { db, drop, label } = await openDatabase();
  await migrate(db);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, logLevel: 'silent', smtpUrl: smtp.url, devOutbox: false, seedDemo: false }),
    database: db,
  });
  await app.ready();
  try {
    // Warm-up: connections open, statements prepared.
    await app.deliverMail({ to: 'warm@example.com', subject: 'Warm-up', text: 'Hello.', html: '<p>Hello.</p>' });
    await smtp.until(() => smtp.to('warm@example.com').length === 1, 'the warm-up e-mail');

    let began = Date.now();
    await app.deliverMail({ to: 'lone@example.com', subject: 'Verify your email address', text: 'Hello.', html: '<p>Hello.</p>' });
    await smtp.until(() => smtp.to('lone@example.com').length === 1, 'the lone e-mail');
    const lone = smtp.to('lone@example.com')[0]!.at - began;

    const before = smtp.received.length;
    began = Date.now();
    await app.deliverMails(
      Array.from({ length: BURST }, (_, n) => ({
        to: `burst${n}@example.com`,
        subject: 'Milestone released',
        text: 'Released.',
        html: '<p>Released.</p>',
      })),
    );
    await smtp.until(() => smtp.received.length >= before + BURST, 'the burst', 120_000);
    const burstMs = smtp.received.at(-1)!.at - began;
    const rate = BURST / (burstMs / 1000);

    await db.query(
      `WITH made AS (
         INSERT INTO users (email, first_name, last_name, country, city, account_type, specialist_kind, email_verified_at, verified_at, locale)
         SELECT 'mason' || n || '@example.com', 'Mason', 'N' || n, 'CM', 'Douala', 'specialist', 'contractor', now(), now(),
                CASE WHEN n % 4 = 0 THEN 'fr' ELSE 'en' END
           FROM generate_series(1, $1::int) AS n RETURNING id)
       INSERT INTO specialist_profiles (user_id, company_name, categories, service_country, service_cities)
       SELECT id, 'Masonry ' || id, '{masonry}', 'CM', '{Douala}' FROM made`,
      [SPECIALISTS],
    );
    const client = await seedPerson(db, 'client');
    const fanOutBefore = smtp.received.length;
    began = Date.now();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: client.headers,
      payload: {
        title: 'Boundary wall in Bonapriso',
        description: 'A 40-metre boundary wall in concrete blocks with a sliding gate, rendered and painted.',
        category: 'masonry',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    const answered = Date.now() - began;
    if (created.statusCode !== 201) throw new Error(`the request was refused: ${created.body}`);
    const projectId = (created.json() as { id: string }).id;
    let inApp = Infinity;
    while (Date.now() - began < 30_000) {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notifications WHERE kind = 'project_request' AND data->>'project_id' = $1",
        [projectId],
      );
      if (rows[0]!.n >= SPECIALISTS) {
        inApp = Date.now() - began;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await smtp.until(() => smtp.received.length >= fanOutBefore + SPECIALISTS, 'the fan-out e-mails', 120_000);
    const fanOutMail = smtp.received.at(-1)!.at - began;

    console.log(`bench:jobs on ${label}, JOBS_CONCURRENCY=${loadConfig({ NODE_ENV: 'test' }).jobs.concurrency}`);
    console.log(`  e-mails per second (${BURST} queued at once)     ${rate.toFixed(0).padStart(8)} /s   target ≥ 100 /s   ${verdict(rate >= 100)}`);
    console.log(`  lone e-mail, call to SMTP acceptance        ${seconds(lone).padStart(10)}   target ≤ 1 s      ${verdict(lone <= 1000)}`);
    console.log(`  fan-out to ${SPECIALISTS} specialists: answer       ${seconds(answered).padStart(10)}`);
    console.log(`  fan-out: every in-app notification          ${seconds(inApp).padStart(10)}   target ≤ 5 s      ${verdict(inApp <= 5000)}`);
    console.log(
      `  fan-out: every e-mail sent                  ${seconds(fanOutMail).padStart(10)}   target ≤ 30 s     ${verdict(fanOutMail <= 30_000)}`,
    );
  } finally {
    await app.close();
    await drop();
    await smtp.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
