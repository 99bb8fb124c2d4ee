import { MESSAGE_DIGEST_QUIET_MINUTES } from 'shared/contract';
import { loadConfig } from '../src/config';
import { digestDeps, sendMessageDigests, type DigestDeps } from '../src/marketplace/message-digest';
import { latestMail } from './accounts-helpers';
import { PNG_BYTES, createParties, type EscrowParties } from './escrow-helpers';
import { multipart, projectFields } from './marketplace-helpers';
import { createTestApp, type TestApp } from './test-app';

/*
 * The e-mail digest: after a quiet period, each participant with unread
 * messages gets one e-mail in their language, with previews only, once per
 * batch. The clock is the job's argument.
 */

const MINUTE = 60_000;

let t: TestApp;
let parties: EscrowParties;
let deps: DigestDeps;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  deps = digestDeps(t.app, loadConfig({ NODE_ENV: 'test' }));
  await t.db.query("UPDATE users SET locale = 'fr' WHERE id = $1", [parties.contractor.id]);
  const form = multipart(projectFields({ title: 'Villa in Kribi' }));
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { ...parties.client.headers, ...form.headers },
    payload: form.payload,
  });
  const opened = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${project.json().id}/conversations`,
    headers: parties.client.headers,
    payload: { specialist_id: parties.contractor.id },
  });
  conversationId = opened.json().id;
});
afterAll(async () => t.close());

const send = (who: { headers: { authorization: string } }, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversationId}/messages`, headers: who.headers, payload: { body } });
const mailsTo = async (email: string) =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [email])).rows[0]!.n);
const quietAfter = (minutes = MESSAGE_DIGEST_QUIET_MINUTES + 1) => new Date(Date.now() + minutes * MINUTE);

describe('the unread messages digest', () => {
  it('waits for the quiet period, then mails each reader once per batch, in their language, with previews only', async () => {
    const secret = 'THE-REST-STAYS-ON-THE-PLATFORM';
    // The contractor was already mailed of the request itself.
    const earlier = await mailsTo(parties.contractor.email);
    const earlierToClient = await mailsTo(parties.client.email);
    await send(parties.client, `Could you send me a quote for the villa? ${'We want a large terrace and a pool. '.repeat(5)}${secret}`);
    const photo = multipart([{ name: 'attachments', file: { name: 'plan.png', type: 'image/png', data: PNG_BYTES } }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: { ...parties.client.headers, ...photo.headers },
      payload: photo.payload,
    });

    // Still a conversation in progress: nobody is mailed.
    expect(await sendMessageDigests(deps, new Date(Date.now() + (MESSAGE_DIGEST_QUIET_MINUTES - 1) * MINUTE))).toBe(0);
    expect(await mailsTo(parties.contractor.email)).toBe(earlier);

    // Quiet long enough: the contractor, who has not read, gets one digest in French; the client, the author, none.
    expect(await sendMessageDigests(deps, quietAfter())).toBe(1);
    const mail = (await latestMail(t.app, parties.contractor.email))!;
    expect(mail.subject).toBe('Messages non lus à propos de Villa in Kribi');
    expect(mail.text).toContain('Vous avez 2 messages non lus');
    expect(mail.text).toContain('Could you send me a quote for the villa?');
    expect(mail.text).toContain('(un fichier)');
    expect(mail.text).toContain(`/main/messages/${conversationId}`);
    expect(mail.text).not.toContain(secret);
    expect(mail.html).not.toContain(secret);
    expect(await mailsTo(parties.client.email)).toBe(earlierToClient);

    // The same batch is never mailed twice.
    expect(await sendMessageDigests(deps, quietAfter(60))).toBe(0);
    expect(await mailsTo(parties.contractor.email)).toBe(earlier + 1);

    // A new message starts a new batch, which lists only what is new.
    await send(parties.client, 'Also: the garage.');
    expect(await sendMessageDigests(deps, quietAfter())).toBe(1);
    const second = (await latestMail(t.app, parties.contractor.email))!;
    expect(second.text).toContain('Vous avez 1 message non lu');
    expect(second.text).toContain('Also: the garage.');
    expect(second.text).not.toContain('Could you send me a quote');
  });

  it('mails nobody who read the messages before the quiet period ended', async () => {
    const reply = (await send(parties.contractor, 'Yes, I will send it tomorrow.')).json();
    const before = await mailsTo(parties.client.email);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/read`,
      headers: parties.client.headers,
      payload: { up_to: reply.id },
    });
    expect(read.statusCode).toBe(200);
    expect(await sendMessageDigests(deps, quietAfter())).toBe(0);
    expect(await mailsTo(parties.client.email)).toBe(before);
  });
});
