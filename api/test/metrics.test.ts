import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { signUpBody } from './accounts-helpers';
import { startSmtpDouble, type SmtpDouble } from './smtp-double';

/*
 * What an operator's Prometheus reads at /metrics: the real app, queue and
 * SMTP delivery, scraped as Prometheus would before and after the work.
 */

let smtp: SmtpDouble;
let t: TestApp;
const TOKEN = 'scrape-secret-token';

beforeAll(async () => {
  smtp = await startSmtpDouble({ refuse: (address) => address.startsWith('refused') });
  // Runners look for work only when told (an hour between polls): a job put in the table stays there to be seen.
  const jobs = { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollSeconds: 3600, mailRetryDelaySeconds: 3600 };
  t = await createTestApp({ smtpUrl: smtp.url, devOutbox: false, metricsToken: TOKEN, jobs });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const scrape = async (headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series (`name{labels}`), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it('shows a job waiting in the queue and how long it has waited', async () => {
  // Once every runner has looked and found nothing, each waits an hour unless told of new work.
  await t.app.jobs.idle();
  // Put in the table as another instance would, 90 s ago; this instance's runner is not told.
  const schema = (await t.app.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  const jobs = schema === 'public' ? 'pgboss' : `${schema}_jobs`;
  await t.app.db.query(
    `INSERT INTO ${jobs}.job (name, data, state, start_after, created_on) VALUES ('cleanup.expired', '{}', 'created', now() - interval '90 seconds', now() - interval '90 seconds')`,
  );
  const text = await scrape();
  expect(value(text, 'jobs_waiting{kind="cleanup.expired"}')).toBeGreaterThanOrEqual(1);
  expect(value(text, 'jobs_oldest_waiting_seconds{kind="cleanup.expired"}')).toBeGreaterThanOrEqual(90);
});

it('answers a scraper on the same machine in Prometheus’s text format', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
  expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  expect(response.body).toMatch(/^jobs_waiting\{kind="mail\.send"\} 0$/m);
});

it('refuses a stranger, and a request relayed by a proxy, unless they hold the token', async () => {
  const stranger = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  expect(stranger.statusCode).toBe(403);
  expect(stranger.body).not.toContain('jobs_waiting');
  const relayed = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
  expect(relayed.statusCode).toBe(403);
  const wrongToken = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '203.0.113.7',
    headers: { authorization: 'Bearer guessed-token-xxx' },
  });
  expect(wrongToken.statusCode).toBe(403);
  const holder = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(holder.statusCode).toBe(200);
  expect(holder.body).toContain('mail_sent_total');
});

it('counts sent and refused e-mails, the jobs that sent them and the requests that asked for them', async () => {
  const before = await scrape();
  const bodies = Array.from({ length: 3 }, () => signUpBody());
  for (const payload of bodies) {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload })).statusCode).toBe(201);
  }
  await smtp.until(() => bodies.every((body) => smtp.to(String(body.email)).length === 1), 'three verification e-mails');
  await t.app.backgroundIdle();
  const after = await scrape();
  expect(value(after, 'mail_sent_total') - value(before, 'mail_sent_total')).toBe(3);
  expect(value(after, 'jobs_duration_seconds_count{kind="mail.send"}') - value(before, 'jobs_duration_seconds_count{kind="mail.send"}')).toBe(3);
  const signUps = 'http_request_duration_seconds_count{method="POST",route="/api/v1/auth/sign-up",status="201"}';
  expect(value(after, signUps) - value(before, signUps)).toBe(3);

  // The SMTP server refuses the next one: its try fails and is counted (and retried later).
  await t.app.deliverMail({ to: 'refused@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
  await t.app.backgroundIdle();
  const refused = await scrape();
  expect(value(refused, 'mail_failed_total') - value(after, 'mail_failed_total')).toBe(1);
  expect(value(refused, 'mail_sent_total')).toBe(value(after, 'mail_sent_total'));
  expect(value(refused, 'jobs_failed_total{kind="mail.send"}') - value(after, 'jobs_failed_total{kind="mail.send"}')).toBe(1);
});
