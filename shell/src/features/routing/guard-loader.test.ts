import { createStore } from 'jotai';
import { findRoute } from 'shared/routing';
import { adminUserAtom, clientUserAtom, type KeyValueStorage } from 'shared/session';
import { guardLoader } from './guard-loader';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function run(path: string, state: { client: unknown; admin: unknown }) {
  const route = findRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  const storage = memoryStorage();
  const store = createStore();
  store.set(clientUserAtom, state.client as never);
  store.set(adminUserAtom, state.admin as never);
  const result = guardLoader(
    route,
    storage,
    store,
  )({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: undefined,
  } as never) as Response | null;
  return { result, storage };
}

const client = { id: 'c', role: { name: 'client' } };

describe('guardLoader', () => {
  it('sends a signed-out visit of a client page to / and stores requested_client_page', () => {
    const { result, storage } = run('/main/projects?status=open', { client: false, admin: false });
    expect(result?.status).toBe(302);
    expect(result?.headers.get('Location')).toBe('/');
    expect(storage.data.get('requested_client_page')).toBe('/main/projects?status=open');
  });

  it('sends a visit of an admin page without an admin to / and stores requested_admin_page', () => {
    const { result, storage } = run('/admin/assessors', { client: client, admin: false });
    expect(result?.headers.get('Location')).toBe('/');
    expect(storage.data.get('requested_admin_page')).toBe('/admin/assessors');
  });

  it('redirects /main to /main/dashboard for a client', () => {
    const { result } = run('/main', { client, admin: false });
    expect(result?.headers.get('Location')).toBe('/main/dashboard');
  });

  it('lets a client open a client page and anyone open a public page', () => {
    expect(run('/main/escrow', { client, admin: false }).result).toBeNull();
    expect(run('/terms', { client: false, admin: false }).result).toBeNull();
  });
});
