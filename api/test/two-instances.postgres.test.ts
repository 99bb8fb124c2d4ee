import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppNotification } from 'shared/contract';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields } from './marketplace-helpers';
import { openEventStream } from './event-stream';
import { startS3Server, type TestS3Server } from './object-storage-server';
import { SIGN_IN_LIMITS, tenThenOneMore } from './shared-limits';
import { GOOD_PASSWORD } from './accounts-helpers';

/*
 * Two API instances as a balancer sees them: one PostgreSQL database, one
 * S3 bucket, each with a data folder of its own, and every step of a user
 * alternating between them. What one instance did, the other knows.
 */

let s3: TestS3Server;
let a: TestApp;
let aFolder: string;
let second: SecondInstance;
let b: FastifyInstance;

beforeAll(async () => {
  s3 = await startS3Server();
  aFolder = mkdtempSync(path.join(tmpdir(), 'fundament-instance-a-'));
  a = await createTestApp({ objectStorage: s3.settings, uploadsDir: aFolder, rateLimits: SIGN_IN_LIMITS });
  second = await secondInstance(a, { objectStorage: s3.settings, rateLimits: SIGN_IN_LIMITS }, true);
  b = second.app;
});
afterAll(async () => {
  await second.close();
  await a.close();
  await s3.stop();
  rmSync(aFolder, { recursive: true, force: true });
});

it('a document uploaded through one instance downloads through the other, and no instance keeps it on its disk', async () => {
  const client = await createClient(a.app, a.db);
  const specialist = await createSpecialist(a.app, a.db, { cities: ['Douala'] });
  const body = multipart([
    ...projectFields({ title: 'Terrace in Bonapriso' }),
    { name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
  ]);
  const created = await a.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    payload: body.payload,
    headers: { ...body.headers, ...client.headers },
  });
  expect(created.statusCode).toBe(201);
  const [document] = created.json().documents as { download_url: string }[];

  for (const reader of [client, specialist]) {
    const download = await b.inject({ method: 'GET', url: document!.download_url, headers: reader.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
  }
  expect(readdirSync(aFolder)).toEqual([]);
  expect(readdirSync(second.folder)).toEqual([]);
});

it('ten failed sign-ins through one instance make the eleventh through the other a 429', async () => {
  const { statuses } = await tenThenOneMore(a.app, b, '10.20.0.1');
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
});

it('a sign-out answered by one instance is refused by the other at once', async () => {
  const client = await createClient(a.app, a.db, 'Chantal');
  // The other instance knows the session (and keeps it in its short cache).
  expect((await b.inject({ method: 'GET', url: '/api/v1/auth/me', headers: client.headers })).statusCode).toBe(200);
  expect((await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: client.headers })).statusCode).toBe(204);
  const deadline = Date.now() + 1000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    status = (await b.inject({ method: 'GET', url: '/api/v1/auth/me', headers: client.headers })).statusCode;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(status).toBe(401);
});

it('a notification caused through one instance arrives over the stream connected to the other', async () => {
  const client = await createClient(a.app, a.db, 'Désiré');
  const specialist = await createSpecialist(a.app, a.db, { cities: ['Douala'] });
  const port = (b.server.address() as AddressInfo).port;
  const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/notifications/stream`, specialist.headers);
  try {
    expect(stream.status).toBe(200);
    const body = multipart(projectFields({ title: 'Roof in Akwa' }));
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: body.payload,
      headers: { ...body.headers, ...client.headers },
    });
    expect(created.statusCode).toBe(201);
    const event = await stream.next(3000);
    expect(event.event).toBe('notification');
    expect(JSON.parse(event.data) as AppNotification).toMatchObject({ kind: 'project_request', text: 'New project request: Roof in Akwa' });
  } finally {
    stream.close();
  }
});

it('a session ended from the list through one instance is refused by the other at once', async () => {
  const client = await createClient(a.app, a.db, 'Ines');
  const phone = await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: client.email, password: GOOD_PASSWORD } });
  const phoneToken = phone.json().access_token as string;
  const phoneHeaders = { authorization: `Bearer ${phoneToken}` };
  expect((await b.inject({ method: 'GET', url: '/api/v1/auth/me', headers: phoneHeaders })).statusCode).toBe(200);
  const listed = await b.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: client.headers });
  const sessions = listed.json().data as { id: string; current: boolean }[];
  expect(sessions.length).toBeGreaterThanOrEqual(2);
  const other = sessions.filter((session) => !session.current);
  for (const session of other) {
    expect((await a.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${session.id}`, headers: client.headers })).statusCode).toBe(204);
  }
  const deadline = Date.now() + 1000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    status = (await b.inject({ method: 'GET', url: '/api/v1/auth/me', headers: phoneHeaders })).statusCode;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(status).toBe(401);
  expect((await b.inject({ method: 'GET', url: '/api/v1/auth/me', headers: client.headers })).statusCode).toBe(200);
});
