import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppNotification } from 'shared/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/database';
import { createTestApp, type TestApp } from './test-app';
import { RELAXED_LIMITS } from './accounts-helpers';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields } from './marketplace-helpers';
import { openEventStream } from './event-stream';

/*
 * Two instances of the API on one database, as behind a load balancer: a
 * page connected to one hears the notification another one wrote.
 */

let a: TestApp;
let b: FastifyInstance;
let bDb: Database;
let bUploads: string;

beforeAll(async () => {
  a = await createTestApp();
  const { rows } = await a.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  bDb = await openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.schema, max: 2 });
  bUploads = mkdtempSync(path.join(tmpdir(), 'fundament-uploads-'));
  b = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir: bUploads, rateLimits: { ...RELAXED_LIMITS } }),
    database: bDb,
  });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
let bClosed = false;
afterAll(async () => {
  if (!bClosed) await b.close();
  await bDb.close();
  rmSync(bUploads, { recursive: true, force: true });
  await a.close();
});

it('a notification caused through one instance arrives over the stream connected to the other', async () => {
  const client = await createClient(a.app, a.db);
  const specialist = await createSpecialist(a.app, a.db, { cities: ['Douala'] });
  const port = (b.server.address() as AddressInfo).port;
  const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/notifications/stream`, specialist.headers);
  try {
    expect(stream.status).toBe(200);
    const body = multipart([
      ...projectFields({ title: 'Kitchen in Akwa' }),
      { name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
    ]);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: body.payload,
      headers: { ...body.headers, ...client.headers },
    });
    expect(created.statusCode).toBe(201);

    const event = await stream.next(2000);
    expect(event.event).toBe('notification');
    expect(JSON.parse(event.data) as AppNotification).toMatchObject({
      kind: 'project_request',
      text: 'New project request: Kitchen in Akwa',
      read: false,
    });
  } finally {
    stream.close();
  }
});

it('a shutdown ends the streams it holds, at once, so the page reconnects to another instance', async () => {
  const specialist = await createSpecialist(a.app, a.db, { cities: ['Douala'] });
  const port = (b.server.address() as AddressInfo).port;
  const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/notifications/stream`, specialist.headers);
  expect(stream.status).toBe(200);
  const started = performance.now();
  bClosed = true;
  await b.close();
  expect(await stream.ended(1000)).toBe(true);
  expect(performance.now() - started).toBeLessThan(2000);
});
