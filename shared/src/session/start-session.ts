import { adminApi, api, send } from '../api/client';
import { adminUserAtom, clientUserAtom, sessionStore } from './atoms';
import { runStartup, type StartupResult } from './startup';
import { browserStorage } from './storage-keys';
import type { AdminMe, Me } from '../contract/accounts';

/**
 * Runs the docs/product.md §4 start-up flow against the real API and stores the
 * outcome in the page's atoms (the shell, and a remote running standalone).
 * Until it finishes both states are null.
 */
export async function startSession(currentPath: string = `${window.location.pathname}${window.location.search}`): Promise<StartupResult> {
  const result = await runStartup({
    storage: browserStorage(),
    fetchClientUser: () => send<Me>(api.get('auth/me')),
    fetchAdminUser: () => send<AdminMe>(adminApi.get('admin/auth/me')),
    currentPath,
  });
  sessionStore.set(clientUserAtom, result.client);
  sessionStore.set(adminUserAtom, result.admin);
  return result;
}
