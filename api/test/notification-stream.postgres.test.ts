import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { createSpecialist } from './marketplace-helpers';
import { openEventStream } from './event-stream';

/*
 * Two instances of the API on one database, as behind a load balancer: a
 * shutdown of one ends its streams at once, so pages reconnect to the other.
 * (A notification crossing instances is proved in two-instances.postgres.test.ts.)
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
