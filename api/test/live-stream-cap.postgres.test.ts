import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { createSpecialist } from './marketplace-helpers';
import { openEventStream } from './event-stream';

/*
 * Two instances of the API on one database, as behind a load balancer: the
 * cap of live notification pages per person counts the pages on both.
 */

let a: TestApp;
let second: SecondInstance;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp();
  second = await secondInstance(a, {}, true);
  b = second.app;
}, 120_000);
afterAll(async () => {
  await second.close();
  await a.close();
});

it('holds the cap of open pages per user across instances, and frees a place when a page goes', async () => {
  const specialist = await createSpecialist(a.app, a.db, { cities: ['Douala'] });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/notifications/stream`;
  const onA = await Promise.all([1, 2, 3].map(() => openEventStream(urlOf(a.app), specialist.headers)));
  const onB = await Promise.all([1, 2].map(() => openEventStream(urlOf(b), specialist.headers)));
  expect([...onA, ...onB].map((page) => page.status)).toEqual([200, 200, 200, 200, 200]);
  // A sixth page is refused whichever instance it reaches.
  expect((await openEventStream(urlOf(a.app), specialist.headers)).status).toBe(429);
  expect((await openEventStream(urlOf(b), specialist.headers)).status).toBe(429);

  onA[0]!.close();
  // The instance hears the page go on its own time; then the other instance has a place for it.
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
    const next = await openEventStream(urlOf(b), specialist.headers);
    status = next.status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    else onB.push(next);
  }
  expect(status).toBe(200);
  [...onA, ...onB].forEach((page) => page.close());
});
