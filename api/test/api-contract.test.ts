import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ErrorBodySchema, errorResponses } from 'shared/contract';
import { contractPlugin } from '../src/http/contract-plugin';
import { serializerSchemaOf } from '../src/http/json-schema';
import { errorHandlerPlugin } from '../src/plugins/error-handler';
import { i18nPlugin } from '../src/i18n/i18n-plugin';
import type { ValibotTypeProvider } from '../src/http/valibot-provider';
import { createTestApp, type TestApp } from './test-app';

const ProjectSchema = v.object({ id: v.string(), budget: v.pipe(v.number(), v.integer()), note: v.nullable(v.string()) });
const BodySchema = v.object({ title: v.pipe(v.string(), v.minLength(3)), budget: v.pipe(v.number(), v.minValue(1)) });

/** A tiny API with one route whose answer is whatever the test asks for. */
async function apiAnswering(answer: unknown, strictResponses: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(contractPlugin, { strictResponses, version: 'test' });
  await app.register(i18nPlugin);
  await app.register(
    async (api) => {
      api
        .withTypeProvider<ValibotTypeProvider>()
        .post(
          '/things',
          { schema: { body: BodySchema, response: { 200: ProjectSchema, ...errorResponses(422) } } },
          async () => answer as v.InferOutput<typeof ProjectSchema>,
        );
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  return app;
}

const goodBody = { title: 'Roof', budget: 10 };

describe('answers are written by their schema', () => {
  it('sends an answer that matches its schema', async () => {
    const app = await apiAnswering({ id: 'p1', budget: 500, note: null }, true);
    const response = await app.inject({ method: 'POST', url: '/api/v1/things', payload: goodBody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'p1', budget: 500, note: null });
    await app.close();
  });

  it.each([
    ['a wrong type', { id: 'p1', budget: '500', note: null }],
    ['a missing field', { id: 'p1', note: null }],
    ['a field the schema does not publish', { id: 'p1', budget: 500, note: null, password_hash: 'x' }],
    ['null where the schema has none', { id: null, budget: 500, note: null }],
  ])('refuses an answer with %s while strict (development, tests)', async (_case, answer) => {
    const app = await apiAnswering(answer, true);
    const response = await app.inject({ method: 'POST', url: '/api/v1/things', payload: goodBody });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong' });
    await app.close();
  });

  it('in production never leaks a field the schema does not publish', async () => {
    const app = await apiAnswering({ id: 'p1', budget: 500, note: 'ok', password_hash: 'secret' }, false);
    const response = await app.inject({ method: 'POST', url: '/api/v1/things', payload: goodBody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'p1', budget: 500, note: 'ok' });
    await app.close();
  });

  it('refuses a request body that does not match, field by field, in the caller language', async () => {
    const app = await apiAnswering({ id: 'p1', budget: 500, note: null }, true);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { title: 'R', budget: 'lots' },
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(422);
    const body = v.parse(ErrorBodySchema, response.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['budget', 'title']);
    expect(body.message).not.toBe('');
    await app.close();
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is published at /api/docs/json with a browsable reference at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Fundament API' } });
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });

  it('is compressed for a client that accepts brotli, and reads back the same', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const compressed = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('lists every API route with its request and answer schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown; responses?: Record<string, { content?: unknown }> }>
      >;
    };
    const problems: string[] = [];
    for (const route of t.app.routeList) {
      if (!route.url.startsWith('/api/v1/')) continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) {
        problems.push(`${name}: missing`);
        continue;
      }
      const success = Object.entries(operation.responses ?? {}).filter(([code]) => code.startsWith('2'));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      if (success.some(([code, answer]) => code !== '204' && !answer.content)) problems.push(`${name}: success answer without schema`);
      const errors = Object.keys(operation.responses ?? {}).filter((code) => /^[45]/.test(code));
      if (errors.length === 0) problems.push(`${name}: no refusal documented`);
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param)) problems.push(`${name}: path parameter ${param} undocumented`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('nullable fields', () => {
  const Party = v.object({ id: v.string(), name: v.string() });
  const ViewSchema = v.object({
    expert: v.nullable(Party),
    decision: v.nullable(v.picklist(['approved', 'rejected'])),
    notes: v.nullable(v.string()),
    milestones: v.array(v.object({ released_at: v.nullable(v.string()), dispute: v.nullable(Party) })),
  });

  it('are written as their value or as null, in production as in development', async () => {
    const answers = [
      {
        expert: { id: 'e1', name: 'Ada' },
        decision: 'approved',
        notes: 'Checked',
        milestones: [{ released_at: '2026-01-02', dispute: { id: 'd1', name: 'Leak' } }],
      },
      { expert: null, decision: null, notes: null, milestones: [{ released_at: null, dispute: null }] },
    ];
    for (const strictResponses of [true, false]) {
      for (const answer of answers) {
        const app = Fastify();
        await app.register(contractPlugin, { strictResponses, version: 'test' });
        app.withTypeProvider<ValibotTypeProvider>().get('/view', { schema: { response: { 200: ViewSchema } } }, async () => answer as never);
        const response = await app.inject({ method: 'GET', url: '/view' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(answer);
        await app.close();
      }
    }
  });

  it('need no check of the value against the schema while the answer is written (it was compiled on the first answer)', () => {
    const text = JSON.stringify(serializerSchemaOf(ViewSchema));
    expect(text).not.toContain('anyOf');
    expect(text.match(/"nullable":true/g)).toHaveLength(5);
  });
});
