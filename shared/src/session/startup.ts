import { authOf, pathFor } from '../routing/route-table';
import { STORAGE_KEYS, type KeyValueStorage } from './storage-keys';
import type { AdminMe, Me } from '../contract/accounts';

export interface StartupDeps {
  storage: KeyValueStorage;
  /** `GET /auth/me` with the stored client token. */
  fetchClientUser: () => Promise<Me>;
  /** `GET /admin/auth/me` with the stored admin token. */
  fetchAdminUser: () => Promise<AdminMe>;
  /** The path (with query) the visitor opened. */
  currentPath: string;
}

export interface StartupResult {
  client: Me | false;
  admin: AdminMe | false;
  /** Where to go once the state is known, or null to stay. */
  redirectTo: string | null;
}

function takeSaved(storage: KeyValueStorage, key: string): string | null {
  const saved = storage.getItem(key);
  storage.removeItem(key);
  return saved;
}

/**
 * The start-up flow of docs/product.md §4. A client token is tried first; only when
 * there is none is an admin token tried. A token that fails is removed.
 * The caller applies the result: atoms first, then the redirect.
 */
export async function runStartup(deps: StartupDeps): Promise<StartupResult> {
  const { storage, currentPath } = deps;

  if (storage.getItem(STORAGE_KEYS.clientToken)) {
    try {
      const user = await deps.fetchClientUser();
      const redirectTo = authOf(currentPath) === 'client' ? null : (takeSaved(storage, STORAGE_KEYS.requestedClientPage) ?? pathFor('main'));
      return { client: user, admin: false, redirectTo };
    } catch {
      storage.removeItem(STORAGE_KEYS.clientToken);
      return { client: false, admin: false, redirectTo: null };
    }
  }

  if (storage.getItem(STORAGE_KEYS.adminToken)) {
    try {
      const admin = await deps.fetchAdminUser();
      const redirectTo = authOf(currentPath) === 'admin' ? null : (takeSaved(storage, STORAGE_KEYS.requestedAdminPage) ?? pathFor('admin.clients'));
      return { client: false, admin, redirectTo };
    } catch {
      storage.removeItem(STORAGE_KEYS.adminToken);
      return { client: false, admin: false, redirectTo: null };
    }
  }

  return { client: false, admin: false, redirectTo: null };
}
