import { runStartup, type StartupDeps } from './startup';
import type { KeyValueStorage } from './storage-keys';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  };
}

const client = { id: 'c1', role: { name: 'client' } };
const admin = { id: 'a1', role: { name: 'admin' } };

function deps(overrides: Partial<StartupDeps>): StartupDeps {
  return {
    storage: memoryStorage(),
    fetchClientUser: jest.fn().mockRejectedValue(new Error('not called')),
    fetchAdminUser: jest.fn().mockRejectedValue(new Error('not called')),
    currentPath: '/',
    ...overrides,
  };
}

describe('runStartup (docs/product.md §4 start-up)', () => {
  it('with no token, both users are false and nothing is loaded', async () => {
    const d = deps({});
    await expect(runStartup(d)).resolves.toEqual({ client: false, admin: false, redirectTo: null });
    expect(d.fetchClientUser).not.toHaveBeenCalled();
    expect(d.fetchAdminUser).not.toHaveBeenCalled();
  });

  it('with a client token on a public page, goes to the saved requested page and clears it', async () => {
    const storage = memoryStorage({ access_token: 't', requested_client_page: '/main/escrow?tab=2' });
    const result = await runStartup(deps({ storage, fetchClientUser: jest.fn().mockResolvedValue(client) }));
    expect(result).toEqual({ client, admin: false, redirectTo: '/main/escrow?tab=2' });
    expect(storage.dump()).toEqual({ access_token: 't' });
  });

  it('with a client token on a public page and nothing saved, goes to main', async () => {
    const storage = memoryStorage({ access_token: 't' });
    const result = await runStartup(deps({ storage, fetchClientUser: jest.fn().mockResolvedValue(client) }));
    expect(result.redirectTo).toBe('/main');
  });

  it('with a client token already on a client route, stays there', async () => {
    const storage = memoryStorage({ access_token: 't', requested_client_page: '/main/escrow' });
    const result = await runStartup(deps({ storage, currentPath: '/main/projects', fetchClientUser: jest.fn().mockResolvedValue(client) }));
    expect(result.redirectTo).toBeNull();
    expect(storage.getItem('requested_client_page')).toBe('/main/escrow');
  });

  it('when the client user fails to load, the user is false and the token removed', async () => {
    const storage = memoryStorage({ access_token: 'stale' });
    const result = await runStartup(deps({ storage, fetchClientUser: jest.fn().mockRejectedValue(new Error('401')) }));
    expect(result).toEqual({ client: false, admin: false, redirectTo: null });
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('tries the client token first when both tokens exist', async () => {
    const storage = memoryStorage({ access_token: 't', admin_access_token: 'a' });
    const fetchAdminUser = jest.fn().mockResolvedValue(admin);
    const result = await runStartup(deps({ storage, fetchClientUser: jest.fn().mockResolvedValue(client), fetchAdminUser }));
    expect(result.client).toEqual(client);
    expect(fetchAdminUser).not.toHaveBeenCalled();
  });

  it('with an admin token on a non-admin page, goes to the saved admin page, then clears it', async () => {
    const storage = memoryStorage({ admin_access_token: 'a', requested_admin_page: '/admin/assessors' });
    const result = await runStartup(deps({ storage, fetchAdminUser: jest.fn().mockResolvedValue(admin) }));
    expect(result).toEqual({ client: false, admin, redirectTo: '/admin/assessors' });
    expect(storage.getItem('requested_admin_page')).toBeNull();
  });

  it('with an admin token and nothing saved, goes to admin.clients', async () => {
    const storage = memoryStorage({ admin_access_token: 'a' });
    const result = await runStartup(deps({ storage, fetchAdminUser: jest.fn().mockResolvedValue(admin) }));
    expect(result.redirectTo).toBe('/admin/clients');
  });

  it('with an admin token on an admin route, stays there', async () => {
    const storage = memoryStorage({ admin_access_token: 'a' });
    const result = await runStartup(deps({ storage, currentPath: '/admin/contractors', fetchAdminUser: jest.fn().mockResolvedValue(admin) }));
    expect(result.redirectTo).toBeNull();
  });

  it('when the admin fails to load, the admin token is removed', async () => {
    const storage = memoryStorage({ admin_access_token: 'stale' });
    const result = await runStartup(deps({ storage, fetchAdminUser: jest.fn().mockRejectedValue(new Error('401')) }));
    expect(result).toEqual({ client: false, admin: false, redirectTo: null });
    expect(storage.getItem('admin_access_token')).toBeNull();
  });
});
