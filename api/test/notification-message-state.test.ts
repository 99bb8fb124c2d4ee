import type { AddressInfo } from 'node:net';
import type { AppNotification } from 'shared/contract';
import { createTestApp, type TestApp } from './test-app';
import { multipart, projectFields } from './marketplace-helpers';
import { createParties, type EscrowParties } from './escrow-helpers';
import { openEventStream } from './event-stream';

/*
 * A notification of a message refers to the message and reads as it is now:
 * what its author deleted or edited, or an admin hid, never stays in the
 * recipient's notifications, listed or replayed by the stream.
 */

let t: TestApp;
let parties: EscrowParties;
let streamUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  streamUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/notifications/stream`;
  parties = await createParties(t.app, t.db, ' State');
});
afterAll(async () => t.close());

async function conversation(): Promise<string> {
  const body = multipart(projectFields({ title: 'Roof in Bonamoussadi' }));
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { ...parties.client.headers, ...body.headers },
    payload: body.payload,
  });
  expect(project.statusCode).toBe(201);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${project.json().id}/conversations`,
    headers: parties.client.headers,
    payload: { specialist_id: parties.contractor.id },
  });
  expect(started.statusCode).toBe(201);
  return started.json().id as string;
}

const send = async (id: string, body: string): Promise<string> => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/messages`,
    headers: parties.client.headers,
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
};

const texts = async (): Promise<string[]> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: parties.contractor.headers });
  return (response.json().data as AppNotification[]).filter((n) => n.kind === 'message_received').map((n) => n.text);
};

it('shows a message’s current text, and nothing of one deleted or hidden, in the list and the replay', async () => {
  const id = await conversation();
  const edited = await send(id, 'The budget is 4 million');
  const deleted = await send(id, 'My door code is 4512');
  const hidden = await send(id, 'Something abusive');
  await send(id, 'Still here');
  const message = (messageId: string) => `/api/v1/conversations/${id}/messages/${messageId}`;
  expect(
    (await t.app.inject({ method: 'PATCH', url: message(edited), headers: parties.client.headers, payload: { body: 'The budget is 5 million' } }))
      .statusCode,
  ).toBe(200);
  expect((await t.app.inject({ method: 'DELETE', url: message(deleted), headers: parties.client.headers })).statusCode).toBeLessThan(300);
  const hide = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/messages/${hidden}/hide`,
    headers: parties.admin.headers,
    payload: { reason: 'Abusive language' },
  });
  expect(hide.statusCode).toBe(200);

  const listed = await texts();
  expect(listed).toHaveLength(4);
  const all = listed.join('\n');
  expect(all).toContain('The budget is 5 million');
  expect(all).toContain('Still here');
  for (const gone of ['4 million', 'door code', '4512', 'abusive']) expect(all).not.toContain(gone);

  // The stream's replay reads them the same way.
  const stream = await openEventStream(streamUrl, { ...parties.contractor.headers, 'last-event-id': '0' });
  const replayed: string[] = [];
  try {
    for (;;) {
      const event = await stream.next(1500).catch(() => undefined);
      if (!event) break;
      if (event.event === 'notification') replayed.push((JSON.parse(event.data) as AppNotification).text);
    }
  } finally {
    stream.close();
  }
  const messages = replayed.filter((text) => text.includes('wrote about Roof in Bonamoussadi'));
  expect(messages).toHaveLength(4);
  expect(messages.join('\n')).toContain('The budget is 5 million');
  for (const gone of ['4 million', 'door code', '4512', 'abusive']) expect(messages.join('\n')).not.toContain(gone);
});

it('keeps nothing of a message’s words in the notification row itself', async () => {
  const id = await conversation();
  await send(id, 'Private words in a row');
  const { rows } = await t.db.query<{ data: Record<string, unknown> }>("SELECT data FROM notifications WHERE kind = 'message_received'");
  expect(JSON.stringify(rows)).not.toContain('Private words');
});
