import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../src/db/database';
import { signUpBody } from './accounts-helpers';
import { serverProcess, type ServerProcess } from './server-process';
import { startSmtpDouble, type SmtpDouble } from './smtp-double';

/**
 * The server killed (SIGKILL) while it is sending a batch of verification
 * e-mails, some accepted by the SMTP server and some still on the wire, then
 * started again: every person gets their e-mail, and nobody gets two.
 */

const PEOPLE = 20;
const ACCEPTED_BEFORE_THE_CRASH = 6;

const baseUrl = process.env.DATABASE_URL!;
const databaseName = `mail_crash_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

let server: Database;
let api: ServerProcess;
let dataDir: string;
let smtp: SmtpDouble;
/** Until the crash, the SMTP server takes only the first few messages and leaves the others waiting for its answer. */
let stalling = true;

beforeAll(async () => {
  server = await openPostgres(baseUrl, { max: 1 });
  await server.exec(`CREATE DATABASE ${databaseName}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-mail-crash-'));
  smtp = await startSmtpDouble({
    onMessage: () =>
      // Held past the crash: the sender is gone before the server answers, so the message was never accepted.
      stalling && smtp.received.length >= ACCEPTED_BEFORE_THE_CRASH ? new Promise<void>(() => undefined) : undefined,
  });
  api = await serverProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT_SIGN_UP: '1000',
    // A try the dead server held is handed on two seconds later, and tried again a second after.
    MAIL_EXPIRE_SECONDS: '2',
    JOBS_MAINTENANCE_SECONDS: '1',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
  await api.start();
}, 60_000);

afterAll(async () => {
  await api?.stop('SIGTERM');
  await smtp?.stop().catch(() => undefined);
  await server?.exec(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a server killed mid-batch loses no e-mail and sends none twice once it is back', async () => {
  const bodies = Array.from({ length: PEOPLE }, () => signUpBody());
  for (const body of bodies) {
    const answer = await fetch(`http://127.0.0.1:${api.port}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
  }
  await smtp.until(() => smtp.received.length >= ACCEPTED_BEFORE_THE_CRASH, 'the first e-mails');
  // Each e-mail is queued just after its answer: the crash comes once all of them are in the queue.
  const db = await openPostgres(databaseUrl, { max: 1 });
  const queued = async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send'")).rows[0]!.n;
  while ((await queued()) < PEOPLE) await new Promise((resolve) => setTimeout(resolve, 20));
  await db.close();
  await api.stop('SIGKILL');
  expect(smtp.received.length).toBe(ACCEPTED_BEFORE_THE_CRASH);
  stalling = false;

  await api.start();
  const everyone = () => bodies.every((body) => smtp.to(String(body.email)).length > 0);
  await smtp.until(everyone, 'every verification e-mail', 30_000);
  // Long enough for a duplicate still on its way to arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(bodies.map((body) => smtp.to(String(body.email)).length)).toEqual(bodies.map(() => 1));
  expect(smtp.received).toHaveLength(PEOPLE);
}, 90_000);
