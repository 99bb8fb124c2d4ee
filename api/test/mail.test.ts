import { SMTPServer } from 'smtp-server';
import net, { type AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './test-app';
import { bearer, signUpBody } from './accounts-helpers';
import { adminToken } from './admin-helpers';
import { loadConfig } from '../src/config';
import { jobsSchema } from '../src/jobs/jobs-plugin';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('e-mail through SMTP (SMTP_URL set)', () => {
  let server: SMTPServer;
  let t: TestApp;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Fundament <hello@fundament.example>',
      devOutbox: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function waitForMail(to: string, attempts = 100): Promise<Received> {
    for (let i = 0; i < attempts; i += 1) {
      const mail = received.find((message) => message.to.includes(to));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail for ${to}`);
  }

  it('delivers the verification e-mail to the SMTP server, in text and HTML, in the user’s language', async () => {
    const body = signUpBody({ locale: 'fr' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    const mail = await waitForMail(String(body.email));
    expect(mail.from).toBe('hello@fundament.example');
    // "Vérifiez votre adresse e-mail", encoded for a mail header.
    expect(mail.raw).toContain('Subject: =?UTF-8?Q?V=C3=A9rifiez_votre_adresse_e-mail?=');
    // Quoted-printable body: undo the soft line breaks before searching it.
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/html');
    expect(raw).toMatch(/verify-email\?token=3D[A-Za-z0-9_-]+|verify-email\?token=[A-Za-z0-9_-]+/);
  });

  it('delivers the e-mails of one event, queued together, each to its reader', async () => {
    const mail = (to: string) => ({ to, subject: `Milestone released for ${to}`, text: 'Released.', html: '<p>Released.</p>' });
    await t.app.deliverMails([mail('client@example.com'), mail('builder@example.com'), mail('expert@example.com')]);
    // Queued together, woken at once, sent side by side; a busy machine still needs seconds.
    for (const to of ['client@example.com', 'builder@example.com', 'expert@example.com']) {
      expect((await waitForMail(to, 400)).raw).toContain(`Subject: Milestone released for ${to}`);
    }
  }, 30_000);

  it('keeps nothing in the outbox and hides the development outbox', async () => {
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(rows[0]).toEqual({ n: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
  });
});

describe('development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores the e-mails of events handed over in the same turn in one statement, in order, before either caller goes on', async () => {
    const stamp = Date.now();
    const to = ['client', 'builder', 'expert'].map((who) => `${who}.${stamp}@example.com`);
    const message = (address: string) => ({ to: address, subject: 'Milestone funded', text: 'Funded.', html: '<p>Funded.</p>' });
    await Promise.all([t.app.deliverMails([message(to[0]!), message(to[1]!)]), t.app.deliverMails([message(to[2]!)])]);
    // Rows written by one statement share its transaction id.
    const { rows } = await t.db.query<{ to_address: string; tx: string }>(
      'SELECT to_address, xmin::text AS tx FROM mail_outbox WHERE to_address = ANY ($1::text[]) ORDER BY id',
      [to],
    );
    expect(rows.map((row) => row.to_address)).toEqual(to);
    expect(new Set(rows.map((row) => row.tx)).size).toBe(1);
  });

  it('lists sent messages newest first and finds the latest for an address', async () => {
    const first = signUpBody();
    const second = signUpBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: first });
    await t.app.backgroundIdle();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: second });
    await t.app.backgroundIdle();
    const headers = bearer(await adminToken(t.app, t.db));
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', headers });
    expect(list.statusCode).toBe(200);
    const { data } = list.json();
    expect(data.map((message: { to: string }) => message.to).slice(0, 2)).toEqual([second.email, first.email]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      to: second.email,
      subject: 'Verify your email address',
      text: expect.stringContaining('verify-email?token='),
      html: expect.stringContaining('<a href='),
      created_at: expect.any(String),
    });
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox/latest?to=${encodeURIComponent(String(first.email).toUpperCase())}`,
      headers,
    });
    expect(latest.json().to).toBe(first.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox/latest?to=none@example.com', headers })).statusCode).toBe(404);
    const filtered = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(String(first.email))}`, headers });
    expect(filtered.json().data.map((message: { to: string }) => message.to)).toEqual([first.email]);
  });
});

describe('outbox configuration', () => {
  it('keeps mail for the admins whenever no SMTP server is set, and never with SMTP', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:25' }).devOutbox).toBe(false);
  });
});

describe('e-mail during an SMTP outage', () => {
  let port: number;
  let server: SMTPServer | undefined;
  let t: TestApp;
  const received: string[] = [];

  function startServer(): Promise<void> {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    return new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  }

  beforeAll(async () => {
    // A port that was free a moment ago and has no server behind it: the outage.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const config = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      devOutbox: false,
      jobs: { ...config.jobs, pollSeconds: 1, mailRetryLimit: 5, mailRetryDelaySeconds: 1 },
    });
  });
  afterAll(async () => {
    await t.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });

  async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('answers the request, tries again, and delivers the mail once the server is back', async () => {
    const body = signUpBody();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    await t.app.backgroundIdle();
    // The first try has failed against the missing server and the mail waits for another.
    const jobs = await jobsSchema(t.db);
    await until(async () => {
      const { rows } = await t.db.query<{ retry_count: number }>(`SELECT retry_count FROM ${jobs}.job WHERE name = 'mail.send'`);
      return rows.some((row) => row.retry_count >= 1);
    }, 'a failed try');
    expect(received).toEqual([]);
    await startServer();
    await until(() => received.includes(String(body.email)), 'the mail');
    expect(received.filter((to) => to === body.email)).toHaveLength(1);
  });
});
