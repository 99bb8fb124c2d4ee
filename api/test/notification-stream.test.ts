import type { AddressInfo } from 'node:net';
import type { AppNotification } from 'shared/contract';
import { createTestApp, type TestApp } from './test-app';
import { bearer, login } from './accounts-helpers';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields, type Person } from './marketplace-helpers';
import { openEventStream, type EventStreamReader } from './event-stream';
import { adminCall, adminToken } from './admin-helpers';

/*
 * The stream is read over a real connection, as a page reads it: each new
 * notification of the reader arrives as it is written, and nobody else's.
 */

let t: TestApp;
let url: string;
let client: Person;
let douala: Person;
let yaounde: Person;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/notifications/stream`;
  client = await createClient(t.app, t.db, 'Amina');
  douala = await createSpecialist(t.app, t.db, { first_name: 'Paul', cities: ['Douala'] });
  yaounde = await createSpecialist(t.app, t.db, { first_name: 'Eric', cities: ['Yaoundé'] });
});
afterEach(() => open.splice(0).forEach((stream) => stream.close()));
afterAll(async () => {
  // fetch keeps its connections alive after the streams end; on PostgreSQL the server would wait
  // out their idle timeout (72 s) before closing. The streams are over: drop the connections.
  t.app.server.closeAllConnections();
  await t.close();
});

async function stream(headers: Record<string, string>) {
  const reader = await openEventStream(url, headers);
  open.push(reader);
  return reader;
}

/** Publishes a project in `city`: the verified specialists working there are notified. */
async function publish(title: string, city = 'Douala') {
  const body = multipart([
    ...projectFields({ title, city }),
    { name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    payload: body.payload,
    headers: { ...body.headers, ...client.headers },
  });
  expect(response.statusCode).toBe(201);
}

async function nextNotification(reader: EventStreamReader): Promise<AppNotification> {
  const event = await reader.next();
  expect(event.event).toBe('notification');
  const notification = JSON.parse(event.data) as AppNotification;
  expect(event.id).toBe(String(notification.id));
  return notification;
}

it('refuses a caller without a session', async () => {
  const response = await fetch(url);
  expect(response.status).toBe(401);
  expect(((await response.json()) as { message: string }).message).toMatch(/sign in/i);
});

it("pushes each new notification to its reader's open page, as the list shows it, and to nobody else", async () => {
  const paul = await stream(douala.headers);
  const eric = await stream(yaounde.headers);
  expect(paul.status).toBe(200);
  expect(paul.contentType).toMatch(/^text\/event-stream/);

  await publish('Kitchen in Akwa');
  const pushed = await nextNotification(paul);
  expect(pushed).toMatchObject({ kind: 'project_request', text: 'New project request: Kitchen in Akwa', read: false });
  const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: douala.headers })).json().data[0];
  expect(pushed).toEqual(listed);

  // Eric works in Yaoundé: the first thing his page hears is the project there, not the one in Douala.
  await publish('Roof in Bastos', 'Yaoundé');
  expect(await nextNotification(eric)).toMatchObject({ text: 'New project request: Roof in Bastos' });
});

it("speaks the page's language", async () => {
  const paul = await stream({ ...douala.headers, 'accept-language': 'fr' });
  await publish('Terrasse à Bonanjo');
  expect((await nextNotification(paul)).text).toBe('Nouvelle demande de projet : Terrasse à Bonanjo');
});

it('replays the unread notifications after the last one a reconnecting page saw', async () => {
  const paul = await stream(douala.headers);
  await publish('Bathroom in Deido');
  const seen = await nextNotification(paul);
  await publish('Garage in Makepe');
  const read = await nextNotification(paul);
  await publish('Fence in Logpom');
  const missed = await nextNotification(paul);
  paul.close();
  await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${read.id}/read`, headers: douala.headers });

  const again = await stream({ ...douala.headers, 'last-event-id': String(seen.id) });
  expect(await nextNotification(again)).toMatchObject({ id: missed.id, text: 'New project request: Fence in Logpom' });
  // Then live ones again, each once.
  await publish('Shop in Bali');
  expect(await nextNotification(again)).toMatchObject({ text: 'New project request: Shop in Bali' });
});

it('ends when its session is signed out', async () => {
  const token = await login(t.app, douala.email);
  const paul = await stream(bearer(token));
  expect(paul.status).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
  expect(await paul.ended()).toBe(true);
});

it('ends when its user is suspended', async () => {
  const suspended = await createClient(t.app, t.db, 'Sam');
  const page = await stream(suspended.headers);
  expect(page.status).toBe(200);
  const admin = adminCall(t.app, await adminToken(t.app, t.db));
  expect((await admin('POST', `/admin/users/${suspended.id}/suspend`, { reason: 'Forged documents' })).statusCode).toBe(200);
  expect(await page.ended()).toBe(true);
});

it('holds a bounded number of pages per user open', async () => {
  const pages = await Promise.all([1, 2, 3, 4, 5].map(() => stream(yaounde.headers)));
  expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200, 200]);
  expect((await stream(yaounde.headers)).status).toBe(429);
  pages[0]!.close();
  await pages[0]!.ended();
  // The server hears the page go on its own time.
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
    const next = await stream(yaounde.headers);
    status = next.status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(status).toBe(200);
});
