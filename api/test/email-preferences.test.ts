import { createTestApp, type TestApp } from './test-app';
import { signUpBody } from './accounts-helpers';
import { postRequest } from './marketplace-helpers';
import { seedPerson, type SeededPerson } from './escrow-fixtures';
import { startSmtpDouble, type ReceivedMail, type SmtpDouble } from './smtp-double';
import { sendDailyDigests, type DailyDigestDeps } from '../src/marketplace/daily-digest';

/*
 * People control the e-mails that are not about their account or money: the
 * headers a mail client's "Unsubscribe" button uses (RFC 8058), the signed
 * link that works without signing in, and the setting the next e-mail obeys.
 * A real SMTP server receives what the queue sends, headers and all.
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

/** A header of a received message, unfolded; undefined when absent. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A message as its reader sees it: quoted-printable and encoded words (RFC 2047) decoded. */
function readable(mail: ReceivedMail): string {
  const bytes = (text: string) => text.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const words = mail.raw
    .replace(/\r?\n[ \t]+(?==\?)/g, '')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, word: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('latin1') : bytes(word.replace(/_/g, ' ')),
    );
  return Buffer.from(bytes(words.replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
}

/** The one-click address of a message's List-Unsubscribe header, as a path and query for `inject`. */
function oneClickPath(mail: ReceivedMail): string {
  const value = header(mail, 'List-Unsubscribe');
  const url = new URL(/^<([^>]+)>$/.exec(value ?? '')![1]!);
  return `${url.pathname}${url.search}`;
}

/** A new matching specialist, and a client whose request reaches them (and every other masonry specialist in Douala). */
async function specialistAndClient(): Promise<{ specialist: SeededPerson; client: SeededPerson }> {
  return { specialist: await seedPerson(t.db, 'contractor', 'Musa'), client: await seedPerson(t.db, 'client') };
}

/** Sets how the person's project e-mails are sent, through Settings' call, and checks the answer says so. */
async function chooseProjects(person: SeededPerson, delivery: 'instant' | 'daily' | 'off') {
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/email/preferences',
    headers: person.headers,
    payload: { category: 'projects', delivery },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.json().preferences[0]).toEqual({ category: 'projects', delivery });
}

const oneClick = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    // What Gmail, Apple Mail and others send (RFC 8058 §3.2), without a session or cookie.
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

it('puts one-click unsubscribe headers and a footer link on a project e-mail, and none on the verification e-mail', async () => {
  const signUp = signUpBody();
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: signUp })).statusCode).toBe(201);
  await smtp.until(() => smtp.to(String(signUp.email)).length === 1, 'the verification e-mail');
  const verification = smtp.to(String(signUp.email))[0]!;
  expect(header(verification, 'List-Unsubscribe')).toBeUndefined();
  expect(header(verification, 'List-Unsubscribe-Post')).toBeUndefined();
  expect(verification.raw).not.toMatch(/unsubscribe/i);

  const { specialist, client } = await specialistAndClient();
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(specialist.email).length === 1, 'the project request e-mail');
  const mail = smtp.to(specialist.email)[0]!;
  expect(header(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/v1\/email\/unsubscribe\?token=[^>]+>$/);
  expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain('/unsubscribe?token=');
});

it('unsubscribes at once on the mail client’s one-click POST, and the next project e-mail is not sent; other people still get theirs', async () => {
  const { specialist, client } = await specialistAndClient();
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(specialist.email).length === 1, 'the first project e-mail');

  const answer = await oneClick(oneClickPath(smtp.to(specialist.email)[0]!));
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ category: 'projects', enabled: false });
  const settings = await t.app.inject({ method: 'GET', url: '/api/v1/email/preferences', headers: specialist.headers });
  expect(settings.json()).toEqual({
    preferences: [
      { category: 'projects', delivery: 'off' },
      { category: 'quotes', delivery: 'instant' },
      { category: 'messages', delivery: 'instant' },
    ],
  });

  const other = await seedPerson(t.db, 'contractor', 'Ada');
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(other.email).length === 1, 'the other specialist’s e-mail');
  await t.app.backgroundIdle();
  expect(smtp.to(specialist.email)).toHaveLength(1);
  // Still notified in the app: only the e-mail stopped.
  const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'project_request'", [
    specialist.id,
  ]);
  expect(rows[0]!.n).toBe(2);
});

it('refuses a forged, altered or re-targeted token and changes nothing', async () => {
  const { specialist, client } = await specialistAndClient();
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(specialist.email).length === 1, 'the project e-mail');
  const path = oneClickPath(smtp.to(specialist.email)[0]!);
  const token = new URL(path, 'http://x').searchParams.get('token')!;
  const [userId, category, signature] = token.split('.') as [string, string, string];
  const victim = await seedPerson(t.db, 'contractor');
  const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
  for (const forged of [`${userId}.${category}.${flipped}`, `${userId}.quotes.${signature}`, `${victim.id}.${category}.${signature}`, 'nonsense']) {
    const answer = await oneClick(`/api/v1/email/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('This unsubscribe link is not valid. Change your e-mail settings after signing in.');
  }
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_opt_outs WHERE user_id = ANY ($1::uuid[])', [
    [specialist.id, victim.id],
  ]);
  expect(rows[0]!.n).toBe(0);
});

it('the page’s look at a link changes nothing; turning the kind back on in Settings brings the next e-mail', async () => {
  const { specialist, client } = await specialistAndClient();
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(specialist.email).length === 1, 'the project e-mail');
  const path = oneClickPath(smtp.to(specialist.email)[0]!);

  // A link scanner or the page opening the link only reads it.
  const look = await t.app.inject({ method: 'GET', url: path });
  expect(look.statusCode).toBe(200);
  expect(look.json()).toEqual({ category: 'projects', enabled: true });
  // The page's button (JSON, as the browser sends it).
  expect((await t.app.inject({ method: 'POST', url: path, payload: {} })).json()).toEqual({ category: 'projects', enabled: false });
  expect((await t.app.inject({ method: 'GET', url: path })).json()).toEqual({ category: 'projects', enabled: false });

  await chooseProjects(specialist, 'instant');
  await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
  await smtp.until(() => smtp.to(specialist.email).length === 2, 'the project e-mail after turning it back on');
});

it('refuses a category that does not exist, and Settings needs a session', async () => {
  const { specialist } = await specialistAndClient();
  const unknown = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/email/preferences',
    headers: specialist.headers,
    payload: { category: 'security', delivery: 'off' },
  });
  expect(unknown.statusCode).toBe(422);
  const weekly = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/email/preferences',
    headers: specialist.headers,
    payload: { category: 'projects', delivery: 'weekly' },
  });
  expect(weekly.statusCode).toBe(422);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/email/preferences' })).statusCode).toBe(401);
});

describe('once a day', () => {
  const deps = (): DailyDigestDeps => ({
    db: t.db,
    publicUrl: 'http://localhost:3000',
    links: t.app.mailLinks,
    deliverMail: (message) => t.app.deliverMail(message),
  });
  /** Tomorrow, a few minutes after the summary's hour (07:00 UTC). */
  const tomorrowMorning = () => {
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 1);
    at.setUTCHours(7, 5, 0, 0);
    return at;
  };
  const chooseDaily = (person: SeededPerson) => chooseProjects(person, 'daily');

  it('gathers the day’s project requests into one e-mail in the reader’s language, leaves out what they read, and sends nothing at the event', async () => {
    const { specialist, client } = await specialistAndClient();
    await t.db.query("UPDATE users SET locale = 'fr' WHERE id = $1", [specialist.id]);
    await chooseDaily(specialist);
    await postRequest(t.app, client, { category: 'masonry', city: 'Douala', title: 'Mur de clôture à Bonamoussadi' });
    await postRequest(t.app, client, { category: 'masonry', city: 'Douala', title: 'Dalle de terrasse à Akwa' });
    await postRequest(t.app, client, { category: 'masonry', city: 'Douala', title: 'Escalier déjà vu' });
    await t.app.backgroundIdle();
    expect(smtp.to(specialist.email)).toHaveLength(0);
    // Seen in the app already: not news the next morning.
    await t.db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND data->>'title' = 'Escalier déjà vu'", [specialist.id]);

    expect(await sendDailyDigests(deps(), tomorrowMorning())).toBeGreaterThanOrEqual(1);
    await smtp.until(() => smtp.to(specialist.email).length === 1, 'the daily summary');
    const mail = smtp.to(specialist.email)[0]!;
    const body = readable(mail);
    expect(body).toContain('Votre journée sur Fundament : 2 nouveautés');
    expect(body).toContain('Bonamoussadi');
    expect(body).toContain('Akwa');
    expect(body).not.toContain('Escalier');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The next morning's run finds nothing new for them: nothing is sent twice.
    const dayAfter = tomorrowMorning();
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    await sendDailyDigests(deps(), dayAfter);
    await t.app.backgroundIdle();
    expect(smtp.to(specialist.email)).toHaveLength(1);
  });

  it('a run retried after a crash (its window not yet moved on) sends the same summary only once', async () => {
    const { specialist, client } = await specialistAndClient();
    await chooseDaily(specialist);
    await postRequest(t.app, client, { category: 'masonry', city: 'Douala', title: 'Retried summary wall' });
    await t.app.backgroundIdle();
    await sendDailyDigests(deps(), tomorrowMorning());
    await smtp.until(() => smtp.to(specialist.email).length === 1, 'the daily summary');
    // The mail job has recorded what it sent (the SMTP server answers before that record is written).
    await t.app.backgroundIdle();
    // The instance died after queueing the e-mail and before recording the window.
    await t.db.query('DELETE FROM email_digests WHERE user_id = $1', [specialist.id]);
    await sendDailyDigests(deps(), tomorrowMorning());
    await t.app.backgroundIdle();
    expect(smtp.to(specialist.email)).toHaveLength(1);
  });

  it('switching from once a day back to as it happens e-mails the next request at once', async () => {
    const { specialist, client } = await specialistAndClient();
    await chooseDaily(specialist);
    await chooseProjects(specialist, 'instant');
    await postRequest(t.app, client, { category: 'masonry', city: 'Douala' });
    await smtp.until(() => smtp.to(specialist.email).length === 1, 'the project e-mail');
  });
});
