import { adminApi, api, send } from 'shared/api';
import {
  adminUserAtom,
  browserStorage,
  clientUserAtom,
  runStartup,
  sessionStore,
  type AuthUser,
  type StartupResult,
} from 'shared/session';

/**
 * Runs the spec §4 start-up flow against the real API and stores the
 * outcome. Until it finishes both states are null and no route renders.
 */
export async function runShellStartup(): Promise<StartupResult> {
  const result = await runStartup({
    storage: browserStorage(),
    fetchClientUser: () => send<AuthUser>(api.get('auth/me')),
    fetchAdminUser: () => send<AuthUser>(adminApi.get('admin/auth/me')),
    currentPath: `${window.location.pathname}${window.location.search}`,
  });
  sessionStore.set(clientUserAtom, result.client);
  sessionStore.set(adminUserAtom, result.admin);
  return result;
}
