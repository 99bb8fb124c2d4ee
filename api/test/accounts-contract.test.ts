import { bearer, createVerifiedUser, login } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';

interface Operation {
  security?: Record<string, unknown>[];
  responses: Record<string, { content?: { 'application/json'?: { schema?: JsonSchema } } }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(async () => t.close());

const answer = (path: string, method: string, status: number) =>
  paths[`/api/v1${path}`]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;

describe('the accounts part of the OpenAPI document', () => {
  it('describes the signed-in user with every field the screens read, behind a bearer token', () => {
    const me = answer('/auth/me', 'get', 200);
    expect(me?.required).toEqual(
      expect.arrayContaining([
        'id',
        'email',
        'first_name',
        'last_name',
        'phone_number',
        'photo_url',
        'email_verified',
        'verified',
        'role',
        'permissions',
      ]),
    );
    expect(paths['/api/v1/auth/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(answer('/auth/me', 'get', 401)?.required).toEqual(['message']);
  });

  it('tells a client which sign-in refusals carry a code to act on', () => {
    expect(answer('/auth/login', 'post', 403)?.properties?.code?.enum).toEqual(['email_unverified', 'account_suspended']);
    const linkRequired = answer('/auth/social/callback', 'post', 409);
    expect(linkRequired?.properties?.code?.enum).toEqual(['social_link_confirmation_required']);
    expect(linkRequired?.required).toEqual(expect.arrayContaining(['link_token', 'email', 'can_use_password']));
  });

  it('documents the cached reference answers although they are sent as ready bytes', () => {
    expect(answer('/common/reference-book', 'get', 200)?.required).toEqual(
      expect.arrayContaining(['countries', 'category_groups', 'categories', 'specialist_kinds', 'project_statuses', 'currencies']),
    );
    expect(answer('/plans', 'get', 200)?.required).toEqual(expect.arrayContaining(['transaction_fee_percent', 'data']));
  });
});

describe('answers written by their schema', () => {
  it('sends the localization guess with exactly its documented fields', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/localization/info', headers: { 'accept-language': 'fr-CA' } });
    expect(response.json()).toEqual({ locale: 'fr', country: 'CA', currency: 'CAD' });
  });

  it('refuses an unusable notification cursor, and asks a stranger to sign in before reading it', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?before=abc' });
    expect(signedOut.statusCode).toBe(401);
    const token = await login(t.app, await createVerifiedUser(t.app));
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?before=abc', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(422);
    expect(Object.keys(signedIn.json().errors)).toEqual(['before']);
  });
});
