import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppNotification } from 'shared/contract';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields } from './marketplace-helpers';
import { openEventStream } from './event-stream';

/*
 * Two instances of the API on one database, as behind a load balancer: a
 * page connected to one hears the notification another one wrote.
 */

let a: TestApp;
let second: SecondInstance;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp();
  second = await secondInstance(a, {}, true);
  b = second.app;
});
afterAll(async () => {
  await second.close();
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
  await second.close();
  expect(await stream.ended(1000)).toBe(true);
  expect(performance.now() - started).toBeLessThan(2000);
});
