import { createTestApp, type TestApp } from './test-app';
import { signUpBody } from './accounts-helpers';
import { startSmtpDouble, type SmtpDouble } from './smtp-double';

/*
 * E-mail as people meet it after a burst: a real SMTP server, the real queue
 * and workers, sign-ups through the API. Nothing waits for the next poll.
 */

let smtp: SmtpDouble;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  t = await createTestApp({ smtpUrl: smtp.url, devOutbox: false });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

it('a lone sign-up’s verification e-mail reaches the SMTP server within a second of the answer', async () => {
  const body = signUpBody();
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
  expect(response.statusCode).toBe(201);
  const answered = Date.now();
  await smtp.until(() => smtp.to(String(body.email)).length > 0, 'the verification e-mail', 5_000);
  expect(smtp.to(String(body.email))[0]!.at - answered).toBeLessThan(1_000);
});

it('fifty people signing up at once each get their verification e-mail within 10 s of the burst, once', async () => {
  const bodies = Array.from({ length: 50 }, () => signUpBody());
  const answers = await Promise.all(bodies.map((payload) => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload })));
  expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 201));
  const everyone = () => bodies.every((body) => smtp.to(String(body.email)).length > 0);
  await smtp.until(everyone, 'fifty verification e-mails', 10_000);
  // Long enough for a duplicate still on its way to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const body of bodies) {
    const mails = smtp.to(String(body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Subject: Verify your email address');
  }
});

it('an e-mail already sent under its key is not sent again when its job is tried again', async () => {
  const mail = { to: 'twice@example.com', subject: 'Milestone released', text: 'Released.', html: '<p>Released.</p>', key: 'release-42:twice' };
  // The first try's instance died after the SMTP server took the message, before the job was marked done.
  await t.app.deliverMails([mail]);
  await smtp.until(() => smtp.to('twice@example.com').length === 1, 'the first e-mail');
  await t.app.deliverMails([mail, { ...mail, to: 'other@example.com', key: 'release-42:other' }]);
  await smtp.until(() => smtp.to('other@example.com').length === 1, 'the other e-mail');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smtp.to('twice@example.com')).toHaveLength(1);
});
