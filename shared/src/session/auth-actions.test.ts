import { createStore } from 'jotai';
import { createApiClient } from '../api/client';
import { clientUserAtom, adminUserAtom } from './atoms';
import { createAdminSession, createClientSession } from './auth-actions';
import { testClientUser } from '../testing/users';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

type Handler = (request: Request) => Response | Promise<Response>;

function server(routes: Record<string, Handler>) {
  const seen: Request[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[key];
    return handler ? handler(request) : new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  };
  return { fetch: fetchFn as typeof fetch, seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const user = testClientUser({ id: 'u1', email: 'ada@example.com', role: { name: 'client' } });

function setup(routes: Record<string, Handler>, tokens: Record<string, string> = {}) {
  const storage = memoryStorage(tokens);
  const store = createStore();
  const { fetch, seen } = server(routes);
  const http = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://api.test/api/v1', storage, fetch });
  const adminHttp = createApiClient({ tokenKey: 'admin_access_token', baseUrl: 'http://api.test/api/v1', storage, fetch });
  return {
    storage,
    store,
    seen,
    client: createClientSession({ storage, store, http }),
    admin: createAdminSession({ storage, store, http: adminHttp }),
  };
}

describe('client session (docs/product.md §4)', () => {
  it('login stores the token, sends it as Bearer and loads the user', async () => {
    const t = setup({
      'POST /api/v1/auth/login': () => json({ access_token: 'tok-1' }),
      'GET /api/v1/auth/me': (request) => (request.headers.get('Authorization') === 'Bearer tok-1' ? json(user) : json({ message: 'no' }, 401)),
    });
    await expect(t.client.login({ email: 'ada@example.com', password: 'Secret123' })).resolves.toEqual(user);
    expect(t.storage.data.get('access_token')).toBe('tok-1');
    expect(t.store.get(clientUserAtom)).toEqual(user);
    expect(await t.seen[0]!.json()).toEqual({ email: 'ada@example.com', password: 'Secret123' });
  });

  it('a failed login sets the user to false and rejects to the caller', async () => {
    const t = setup({ 'POST /api/v1/auth/login': () => json({ message: 'Incorrect email or password.' }, 401) });
    await expect(t.client.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(t.store.get(clientUserAtom)).toBe(false);
    expect(t.storage.data.has('access_token')).toBe(false);
  });

  it('a failed user load after login sets the user to false', async () => {
    const t = setup({
      'POST /api/v1/auth/login': () => json({ access_token: 'tok' }),
      'GET /api/v1/auth/me': () => json({ message: 'boom' }, 500),
    });
    await expect(t.client.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 500 });
    expect(t.store.get(clientUserAtom)).toBe(false);
  });

  it('logout clears the user and the token even when the server cannot be reached', async () => {
    const t = setup({ 'POST /api/v1/auth/logout': () => Promise.reject(new TypeError('offline')) }, { access_token: 'tok' });
    t.store.set(clientUserAtom, user);
    await t.client.logout();
    expect(t.store.get(clientUserAtom)).toBe(false);
    expect(t.storage.data.has('access_token')).toBe(false);
  });

  it('the admin session uses its own endpoints, token and atom', async () => {
    const t = setup({
      'POST /api/v1/admin/auth/login': () => json({ access_token: 'adm' }),
      'GET /api/v1/admin/auth/me': (request) =>
        request.headers.get('Authorization') === 'Bearer adm' ? json({ id: 'a', role: { name: 'admin' } }) : json({}, 401),
    });
    await t.admin.login({ email: 'root@example.com', password: 'x' });
    expect(t.storage.data.get('admin_access_token')).toBe('adm');
    expect(t.storage.data.has('access_token')).toBe(false);
    expect(t.store.get(adminUserAtom)).toEqual({ id: 'a', role: { name: 'admin' } });
    expect(t.store.get(clientUserAtom)).toBeNull();
  });
});
