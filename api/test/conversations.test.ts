import { MESSAGE_GRACE_MINUTES, MESSAGE_PREVIEW_LENGTH } from 'shared/contract';
import { DOCUMENT_MAX_BYTES } from '../src/marketplace/document-files';
import { createTestApp, type TestApp } from './test-app';
import { PDF_BYTES, createClient, createSpecialist, multipart, projectFields, type Person } from './marketplace-helpers';
import { PNG_BYTES, assignExpert, createContract, createParties, type EscrowParties } from './escrow-helpers';

/*
 * Conversations between a project's owner and the specialists it reached,
 * continuing on the contract: who reads and writes, attachments, the edit
 * window, read receipts, blocking, barred parties and the admin's dispute view.
 */

let t: TestApp;
let parties: EscrowParties;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  stranger = await createClient(t.app, t.db, 'Brice');
});
afterAll(async () => t.close());

type Who = { headers: { authorization: string } };

async function openProject(owner: Person, title = 'Kitchen renovation in Bonapriso'): Promise<string> {
  const body = multipart(projectFields({ title }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { ...owner.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const start = (who: Who, projectId: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/conversations`, headers: who.headers, payload });
const thread = (who: Who, id: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/conversations/${id}${query}`, headers: who.headers });
const send = (who: Who, id: string, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/messages`, headers: who.headers, payload: { body } });
const unread = async (who: Who) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/conversations/unread-count', headers: who.headers })).json().count as number;

/** A conversation between the client and the contractor about a fresh open project (no contract). */
async function precontractConversation(): Promise<string> {
  const projectId = await openProject(parties.client);
  const response = await start(parties.client, projectId, { specialist_id: parties.contractor.id });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

describe('starting a conversation', () => {
  it('the owner opens one with a specialist the request reached, the specialist finds the same one, and nobody else can', async () => {
    const projectId = await openProject(parties.client);
    const first = await start(parties.client, projectId, { specialist_id: parties.contractor.id });
    expect(first.statusCode).toBe(201);
    const id = first.json().id;
    expect(first.json().participants.map((p: { role: string }) => p.role)).toEqual(['client', 'specialist']);
    // Idempotent, from either side.
    expect((await start(parties.client, projectId, { specialist_id: parties.contractor.id })).json().id).toBe(id);
    const specialistSide = await start(parties.contractor, projectId);
    expect(specialistSide.statusCode).toBe(200);
    expect(specialistSide.json().id).toBe(id);

    // The owner must name a specialist the request reached.
    expect((await start(parties.client, projectId)).statusCode).toBe(422);
    const elsewhere = await createSpecialist(t.app, t.db, { first_name: 'Lena', country: 'SN', cities: ['Dakar'] });
    const unreached = await start(parties.client, projectId, { specialist_id: elsewhere.id });
    expect(unreached.statusCode).toBe(422);
    expect(unreached.json().errors.specialist_id[0]).toMatch(/has not received this request/);
    // Strangers to the project, and the request's unrelated specialist, hear nothing of it.
    expect((await start(stranger, projectId, { specialist_id: parties.contractor.id })).statusCode).toBe(404);
    expect((await start(elsewhere, projectId)).statusCode).toBe(404);
    expect((await thread(stranger, id)).statusCode).toBe(404);
    expect((await thread(elsewhere, id)).statusCode).toBe(404);
    expect((await thread(parties.expert, id)).statusCode).toBe(404);
  });

  it('an empty conversation is listed for whoever opened it only', async () => {
    const projectId = await openProject(parties.client, 'Bathroom in Akwa');
    const id = (await start(parties.client, projectId, { specialist_id: parties.contractor.id })).json().id;
    const list = async (who: Who) =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/conversations', headers: who.headers })).json().data as { id: string }[]).map((c) => c.id);
    expect(await list(parties.client)).toContain(id);
    expect(await list(parties.contractor)).not.toContain(id);
    await send(parties.client, id, 'Hello');
    expect(await list(parties.contractor)).toContain(id);
  });
});

describe('messages, notifications, unread counts and read receipts', () => {
  it('notifies the other party with a short preview and a link, counts it unread until read', async () => {
    const id = await precontractConversation();
    const before = await unread(parties.contractor);
    const long = `Could you start on Monday? ${'The tiles are already bought. '.repeat(20)}`;
    const sent = await send(parties.client, id, long);
    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message.body).toBe(long.trim());
    expect(message.sender).toMatchObject({ id: parties.client.id, role: 'client' });
    expect(message.editable_until).not.toBeNull();

    // The notification refers to the message and keeps no copy of its words (read as the message is now).
    const { rows } = await t.db.query<{ data: { preview?: string; message_id: string }; link: string }>(
      "SELECT data, link FROM notifications WHERE user_id = $1 AND kind = 'message_received' ORDER BY id DESC LIMIT 1",
      [parties.contractor.id],
    );
    expect(rows[0]!.link).toBe(`/main/messages/${id}`);
    expect(rows[0]!.data.message_id).toBe(message.id);
    expect(rows[0]!.data.preview).toBeUndefined();
    // The author is not notified of their own message.
    const { rows: own } = await t.db.query(
      "SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'message_received' AND data->>'conversation_id' = $2",
      [parties.client.id, id],
    );
    expect(own).toHaveLength(0);
    const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: parties.contractor.headers });
    expect(JSON.stringify(bell.json())).toContain('wrote about');
    // The bell shows a short preview of the message, never the whole of a long one.
    const shown = (bell.json().data as { link: string; text: string }[]).find((item) => item.link === `/main/messages/${id}`)!;
    expect(shown.text).toContain('Could you start on Monday?');
    expect(shown.text).not.toContain(long.trim());
    expect(shown.text.length).toBeLessThan(long.length);

    expect(await unread(parties.contractor)).toBe(before + 1);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/conversations', headers: parties.contractor.headers });
    const summary = (list.json().data as { id: string; unread: number; last_message: { preview: string } }[]).find((c) => c.id === id)!;
    expect(summary.unread).toBe(1);
    expect(summary.last_message.preview.length).toBeLessThanOrEqual(MESSAGE_PREVIEW_LENGTH);
    expect(list.json().unread_total).toBe(before + 1);
    expect(await unread(parties.client)).toBe(0);

    // The client sees no receipt yet; the contractor reads; the receipt appears.
    const readMark = async () =>
      ((await thread(parties.client, id)).json().participants as { role: string; read_up_to: string | null }[]).find((p) => p.role === 'specialist')!
        .read_up_to;
    expect(await readMark()).toBeNull();
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/read`,
      headers: parties.contractor.headers,
      payload: { up_to: message.id },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().count).toBe(before);
    expect(await readMark()).toBe(message.created_at);
    // The bell's notification of that message is read with it.
    const { rows: bellRows } = await t.db.query<{ read_at: Date | null }>(
      "SELECT read_at FROM notifications WHERE user_id = $1 AND kind = 'message_received' AND data->>'conversation_id' = $2",
      [parties.contractor.id, id],
    );
    expect(bellRows.map((row) => row.read_at !== null)).toEqual([true]);

    // A message of another conversation is refused as the mark.
    const other = await precontractConversation();
    const otherMessage = (await send(parties.client, other, 'Elsewhere')).json().id;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/read`,
      headers: parties.contractor.headers,
      payload: { up_to: otherMessage },
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('refuses an empty message and pages a long thread, oldest first', async () => {
    const id = await precontractConversation();
    const empty = await send(parties.client, id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body[0]).toMatch(/write a message or attach a file/);
    for (let i = 1; i <= 53; i += 1) await send(i % 2 ? parties.client : parties.contractor, id, `Message ${i}`);
    const page = (await thread(parties.client, id)).json();
    expect(page.messages).toHaveLength(50);
    expect(page.has_earlier).toBe(true);
    expect(page.messages[0].body).toBe('Message 4');
    expect(page.messages[49].body).toBe('Message 53');
    const earlier = (await thread(parties.client, id, `?before=${page.messages[0].id}`)).json();
    expect(earlier.messages.map((m: { body: string }) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(earlier.has_earlier).toBe(false);
  });
});

describe('attachments', () => {
  const sendFiles = (who: Who, id: string, files: { name: string; type: string; data: Buffer }[], body = 'See attached') => {
    const form = multipart([{ name: 'body', value: body }, ...files.map((file) => ({ name: 'attachments', file }))]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('stores photos and PDFs, downloadable by the participants only', async () => {
    const id = await precontractConversation();
    const sent = await sendFiles(parties.contractor, id, [
      { name: 'site.png', type: 'image/png', data: PNG_BYTES },
      { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES },
    ]);
    expect(sent.statusCode).toBe(201);
    const files = sent.json().attachments as { id: string; file_name: string; content_type: string; download_url: string }[];
    expect(files.map((file) => [file.file_name, file.content_type])).toEqual([
      ['site.png', 'image/png'],
      ['plan.pdf', 'application/pdf'],
    ]);
    const download = await t.app.inject({ method: 'GET', url: files[1]!.download_url, headers: parties.client.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    for (const outsider of [stranger, parties.expert]) {
      expect((await t.app.inject({ method: 'GET', url: files[0]!.download_url, headers: outsider.headers })).statusCode).toBe(404);
    }
    // A file alone is a message; its notification says a file was sent.
    expect((await sendFiles(parties.contractor, id, [{ name: 'photo.png', type: 'image/png', data: PNG_BYTES }], '')).statusCode).toBe(201);
  });

  it('refuses other types, files over the size limit and too many files, storing nothing', async () => {
    const id = await precontractConversation();
    const count = async () =>
      Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1', [id])).rows[0]!.n);
    const wrongType = await sendFiles(parties.client, id, [
      { name: 'notes.pdf', type: 'application/pdf', data: Buffer.from('just text, not a PDF') },
    ]);
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.attachments[0]).toMatch(/PDF, PNG, JPEG, GIF or WebP/);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    expect((await sendFiles(parties.client, id, [{ name: 'big.pdf', type: 'application/pdf', data: big }])).statusCode).toBe(413);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', data: PNG_BYTES }));
    const tooMany = await sendFiles(parties.client, id, six);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/at most 5 files/);
    expect(await count()).toBe(0);
  });
});

describe('the edit and delete window', () => {
  it('lets the author edit and delete within the grace period only', async () => {
    const id = await precontractConversation();
    const message = (await send(parties.client, id, 'Budget is 4 million')).json();
    const url = `/api/v1/conversations/${id}/messages/${message.id}`;
    const edited = await t.app.inject({ method: 'PATCH', url, headers: parties.client.headers, payload: { body: 'Budget is 4.5 million' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Budget is 4.5 million' });
    expect(edited.json().edited_at).not.toBeNull();
    const byOther = await t.app.inject({ method: 'PATCH', url, headers: parties.contractor.headers, payload: { body: 'Budget is 10 million' } });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toMatch(/Only the author/);
    expect((await t.app.inject({ method: 'DELETE', url, headers: parties.contractor.headers })).statusCode).toBe(403);

    // Past the grace period the message is part of the record.
    await t.db.query(`UPDATE conversation_messages SET created_at = created_at - interval '${MESSAGE_GRACE_MINUTES + 1} minutes' WHERE id = $1`, [
      message.id,
    ]);
    const late = await t.app.inject({ method: 'PATCH', url, headers: parties.client.headers, payload: { body: 'Budget is 1 million' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(new RegExp(`${MESSAGE_GRACE_MINUTES} minutes`));
    const lateFr = await t.app.inject({ method: 'DELETE', url, headers: { ...parties.client.headers, 'accept-language': 'fr' } });
    expect(lateFr.statusCode).toBe(409);
    expect(lateFr.json().message).toMatch(/fait désormais partie du dossier/);
    const view = (await thread(parties.client, id)).json().messages[0];
    expect(view).toMatchObject({ body: 'Budget is 4.5 million', deleted: false, editable_until: null });

    // Within the period a deletion leaves a deleted message with nothing of what it said.
    const second = (await send(parties.client, id, 'Oops, wrong thread')).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/conversations/${id}/messages/${second.id}`,
      headers: parties.client.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const seen = (await thread(parties.contractor, id)).json().messages.find((m: { id: string }) => m.id === second.id);
    expect(seen).toMatchObject({ deleted: true, body: '' });
    // Kept for the audit.
    const { rows } = await t.db.query<{ body: string }>('SELECT body FROM conversation_messages WHERE id = $1', [second.id]);
    expect(rows[0]!.body).toBe('Oops, wrong thread');
  });
});

describe('blocking and barred parties', () => {
  it('a block stops both sides writing in a conversation without a contract, until lifted', async () => {
    const id = await precontractConversation();
    await send(parties.contractor, id, 'I can also do the terrace');
    const blocked = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/block`, headers: parties.client.headers });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked_by_me: true, can_write: false });
    const refused = await send(parties.contractor, id, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/has blocked you/);
    expect((await thread(parties.contractor, id)).json()).toMatchObject({ can_write: false, blocked_by_me: false });
    expect((await send(parties.client, id, 'Bye')).json().message).toMatch(/unblock them/);
    // Reading still works.
    expect((await thread(parties.contractor, id)).statusCode).toBe(200);
    const lifted = await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${id}/block`, headers: parties.client.headers });
    expect(lifted.json()).toMatchObject({ blocked_by_me: false, can_write: true });
    expect((await send(parties.contractor, id, 'Hello again')).statusCode).toBe(201);
  });

  it('a contractor declared insolvent reads but cannot write', async () => {
    const barred = await createSpecialist(t.app, t.db, { first_name: 'Ines' });
    const projectId = await openProject(parties.client, 'Fence in Bali');
    const id = (await start(parties.client, projectId, { specialist_id: barred.id })).json().id;
    await send(parties.client, id, 'Are you available?');
    await t.db.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Declared by the court')", [barred.id]);
    const view = await thread(barred, id);
    expect(view.statusCode).toBe(200);
    expect(view.json().can_write).toBe(false);
    expect(view.json().write_blocked_reason).toMatch(/suspended or barred/);
    const refused = await send(barred, id, 'Yes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/can still read this conversation/);
    // The other side sees them barred.
    const participants = (await thread(parties.client, id)).json().participants as { id: string; barred: boolean }[];
    expect(participants.find((p) => p.id === barred.id)!.barred).toBe(true);
  });
});

describe('on the contract, and the admin dispute view', () => {
  it('continues on the contract with the expert, pins evidence, and shows the admin everything', async () => {
    const contractId = await createContract(t.app, parties);
    const { rows } = await t.db.query<{ project_id: string }>('SELECT project_id FROM contracts WHERE id = $1', [contractId]);
    const projectId = rows[0]!.project_id;
    const admin = parties.admin;
    const empty = await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/conversation`, headers: admin.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ contract_id: contractId, messages: [] });

    const opened = await start(parties.contractor, projectId);
    expect(opened.statusCode).toBe(201);
    const id = opened.json().id;
    expect(opened.json().contract_id).toBe(contractId);
    // No expert yet: they join once assigned.
    expect((await thread(parties.expert, id)).statusCode).toBe(404);
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
    const expertView = await thread(parties.expert, id);
    expect(expertView.statusCode).toBe(200);
    expect(expertView.json().participants.map((p: { role: string }) => p.role)).toEqual(['client', 'specialist', 'expert']);

    const agreed = (await send(parties.client, id, 'Agreed: the terrace tiles are included in the price.')).json();
    const rude = (await send(parties.contractor, id, 'You are an idiot.')).json();
    expect((await send(parties.expert, id, 'I will inspect on Friday.')).statusCode).toBe(201);

    // A contract's conversation is its record: it cannot be blocked.
    const block = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/block`, headers: parties.client.headers });
    expect(block.statusCode).toBe(409);
    expect(block.json().message).toMatch(/record of your contract/);

    const pin = (who: Who, messageId: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/messages/${messageId}/pin`, headers: who.headers });
    expect((await pin(parties.expert, agreed.id)).statusCode).toBe(403);
    const pinned = await pin(parties.contractor, agreed.id);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().pinned).toBe(true);

    const report = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages/${rude.id}/report`,
      headers: parties.client.headers,
      payload: { reason: 'Insult' },
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().reported).toBe(true);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages/${rude.id}/report`,
      headers: parties.contractor.headers,
      payload: { reason: 'Nothing' },
    });
    expect(own.statusCode).toBe(409);

    const reports = await t.app.inject({ method: 'GET', url: '/api/v1/admin/message-reports', headers: admin.headers });
    const mine = (reports.json().data as { message: { id: string }; reason: string; conversation_id: string }[]).find(
      (r) => r.message.id === rude.id,
    )!;
    expect(mine).toMatchObject({ reason: 'Insult', conversation_id: id });

    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/messages/${rude.id}/hide`,
      headers: admin.headers,
      payload: { reason: 'Abusive language' },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, hidden_reason: 'Abusive language', body: 'You are an idiot.' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/admin/messages/${rude.id}/hide`, headers: admin.headers, payload: { reason: 'Again' } }))
        .statusCode,
    ).toBe(409);
    const { rows: audit } = await t.db.query<{ action: string; target_id: string }>(
      "SELECT action, target_id FROM admin_audit WHERE action = 'message.hidden'",
    );
    expect(audit.map((row) => row.target_id)).toContain(rude.id);
    const remaining = await t.app.inject({ method: 'GET', url: '/api/v1/admin/message-reports', headers: admin.headers });
    expect((remaining.json().data as { message: { id: string } }[]).some((r) => r.message.id === rude.id)).toBe(false);

    // The parties see the message hidden, nothing of it.
    const partyView = (await thread(parties.client, id)).json().messages.find((m: { id: string }) => m.id === rude.id);
    expect(partyView).toMatchObject({ hidden: true, body: '' });
    expect(partyView.hidden_reason).toBeUndefined();

    // The admin's dispute view: the whole thread, pins flagged, hidden content readable.
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contractId}/conversation`, headers: admin.headers });
    expect(view.statusCode).toBe(200);
    const messages = view.json().messages as { id: string; body: string; pinned: boolean; hidden: boolean; reports: number }[];
    expect(messages.map((m) => m.body)).toEqual([
      'Agreed: the terrace tiles are included in the price.',
      'You are an idiot.',
      'I will inspect on Friday.',
    ]);
    expect(messages.find((m) => m.id === agreed.id)!.pinned).toBe(true);
    expect(messages.find((m) => m.id === rude.id)).toMatchObject({ hidden: true, reports: 1 });
    const same = await t.app.inject({ method: 'GET', url: `/api/v1/admin/conversations/${id}`, headers: admin.headers });
    expect(same.json().messages).toEqual(messages);
    // Parties' tokens never reach the admin view.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/conversations/${id}`, headers: parties.client.headers })).statusCode).toBe(401);
  });

  it('an admin dismisses a report, audited, and reads the files of a hidden message that the parties no longer get', async () => {
    const id = await precontractConversation();
    const form = multipart([
      { name: 'body', value: 'Look at this' },
      { name: 'attachments', file: { name: 'rude.png', type: 'image/png', data: PNG_BYTES } },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: { ...parties.contractor.headers, ...form.headers },
      payload: form.payload,
    });
    const message = sent.json() as { id: string; attachments: { id: string; download_url: string }[] };
    const report = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages/${message.id}/report`,
        headers: parties.client.headers,
        payload: { reason },
      });
    expect((await report('  ')).statusCode).toBe(422);
    expect((await report('Spam')).statusCode).toBe(200);
    const admin = parties.admin;
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/message-reports', headers: admin.headers })).json().data as {
      id: string;
      message: { id: string };
    }[];
    const reportId = listed.find((r) => r.message.id === message.id)!.id;
    const dismissed = await t.app.inject({ method: 'POST', url: `/api/v1/admin/message-reports/${reportId}/dismiss`, headers: admin.headers });
    expect(dismissed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/admin/message-reports/${reportId}/dismiss`, headers: admin.headers })).statusCode,
    ).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/message-reports', headers: admin.headers })).json().data as {
      message: { id: string };
    }[];
    expect(after.some((r) => r.message.id === message.id)).toBe(false);
    const { rows } = await t.db.query("SELECT 1 FROM admin_audit WHERE action = 'message_report.dismissed' AND target_id = $1", [reportId]);
    expect(rows).toHaveLength(1);

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/messages/${message.id}/hide`,
      headers: admin.headers,
      payload: { reason: 'Abusive picture' },
    });
    const fileUrl = message.attachments[0]!.download_url;
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: parties.client.headers })).statusCode).toBe(404);
    const adminView = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/conversations/${id}`, headers: admin.headers })).json();
    const adminFile = adminView.messages[0].attachments[0] as { download_url: string };
    const download = await t.app.inject({ method: 'GET', url: adminFile.download_url, headers: admin.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('pins need a contract', async () => {
    const id = await precontractConversation();
    const message = (await send(parties.client, id, 'Question')).json();
    const pin = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages/${message.id}/pin`,
      headers: parties.client.headers,
    });
    expect(pin.statusCode).toBe(409);
  });
});
