import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { createClient, createSpecialist, postRequest, type Person } from './marketplace-helpers';

/*
 * Two instances of the API on one database, as behind a load balancer, each
 * keeping specialists' request lists: a request opened or cancelled through one
 * is in the other's list within a second.
 */

let a: TestApp;
let second: SecondInstance;
let b: FastifyInstance;
let client: Person;
let paul: Person;

beforeAll(async () => {
  a = await createTestApp();
  second = await secondInstance(a);
  b = second.app;
  client = await createClient(a.app, a.db, 'Amina');
  paul = await createSpecialist(a.app, a.db, { first_name: 'Paul', categories: ['carpentry'], cities: ['Bafoussam'] });
});
afterAll(async () => {
  await second.close();
  await a.close();
});

const listedOn = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/projects', headers: paul.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Array<{ id: string }> }).data.map((card) => card.id);
};

/** How long the other instance takes to list what `expected` says, in ms; Infinity past a second. */
async function seenAfter(expected: (ids: string[]) => boolean, since: number): Promise<number> {
  for (;;) {
    if (expected(await listedOn(b))) return performance.now() - since;
    if (performance.now() - since > 1000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("a request opened or cancelled on one instance is in the other one's list within a second", async () => {
  // Both instances have read (and kept) the list.
  expect(await listedOn(a.app)).toEqual([]);
  expect(await listedOn(b)).toEqual([]);

  let started = performance.now();
  const id = await postRequest(a.app, client, { category: 'carpentry', city: 'Bafoussam' });
  expect(await listedOn(a.app)).toEqual([id]);
  expect(await seenAfter((ids) => ids.includes(id), started)).toBeLessThan(1000);

  started = performance.now();
  expect((await a.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/cancel`, headers: client.headers })).statusCode).toBe(200);
  expect(await listedOn(a.app)).toEqual([]);
  expect(await seenAfter((ids) => ids.length === 0, started)).toBeLessThan(1000);
});
