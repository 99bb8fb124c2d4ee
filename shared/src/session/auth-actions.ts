import type { KyInstance } from 'ky';
import type { WritableAtom } from 'jotai';
import { api, adminApi, send } from '../api/client';
import { sessionStore, clientUserAtom, adminUserAtom } from './atoms';
import { STORAGE_KEYS, browserStorage, type KeyValueStorage } from './storage-keys';
import type { AccessToken, AdminMe, Me } from '../contract/accounts';
import type { AuthUser, SessionState } from './types';

export interface Credentials {
  email: string;
  password: string;
}

interface SessionScope<TUser extends AuthUser> {
  http: KyInstance;
  storage: KeyValueStorage;
  store: typeof sessionStore;
  userAtom: WritableAtom<SessionState<TUser>, [SessionState<TUser>], void>;
  tokenKey: string;
  paths: { login: string; me: string; logout: string };
}

export interface SessionActions<TUser extends AuthUser = AuthUser> {
  /** Store the token, then load the user (docs/product.md §4 steps 2–3); on failure the user becomes false and the error is rethrown. */
  login(credentials: Credentials): Promise<TUser>;
  /** Sign in with a token obtained elsewhere (the social sign-in callback). */
  loginWithToken(token: string): Promise<TUser>;
  /** Load the current user with the stored token; on failure the user becomes false and the error is rethrown. */
  loadUser(): Promise<TUser>;
  /** Clear the user and remove the token; the server is told, but a failure there does not keep anyone signed in. */
  logout(): Promise<void>;
}

function createSessionActions<TUser extends AuthUser>(scope: SessionScope<TUser>): SessionActions<TUser> {
  const fail = (error: unknown): never => {
    scope.store.set(scope.userAtom, false);
    throw error;
  };

  const loadUser = async (): Promise<TUser> => {
    try {
      const user = await send<TUser>(scope.http.get(scope.paths.me));
      scope.store.set(scope.userAtom, user);
      return user;
    } catch (error) {
      return fail(error);
    }
  };

  const loginWithToken = async (token: string): Promise<TUser> => {
    scope.storage.setItem(scope.tokenKey, token);
    return loadUser();
  };

  return {
    loadUser,
    loginWithToken,
    async login(credentials) {
      let token: string;
      try {
        ({ access_token: token } = await send<AccessToken>(scope.http.post(scope.paths.login, { json: credentials })));
      } catch (error) {
        return fail(error);
      }
      return loginWithToken(token);
    },
    async logout() {
      try {
        if (scope.storage.getItem(scope.tokenKey)) await send(scope.http.post(scope.paths.logout));
      } catch {
        // Signing out locally must always work, even with the server unreachable.
      } finally {
        scope.storage.removeItem(scope.tokenKey);
        scope.store.set(scope.userAtom, false);
      }
    },
  };
}

export interface SessionDeps {
  storage?: KeyValueStorage;
  store?: typeof sessionStore;
  http?: KyInstance;
}

export function createClientSession(deps: SessionDeps = {}): SessionActions<Me> {
  return createSessionActions<Me>({
    http: deps.http ?? api,
    storage: deps.storage ?? browserStorage(),
    store: deps.store ?? sessionStore,
    userAtom: clientUserAtom,
    tokenKey: STORAGE_KEYS.clientToken,
    paths: { login: 'auth/login', me: 'auth/me', logout: 'auth/logout' },
  });
}

export function createAdminSession(deps: SessionDeps = {}): SessionActions<AdminMe> {
  return createSessionActions<AdminMe>({
    http: deps.http ?? adminApi,
    storage: deps.storage ?? browserStorage(),
    store: deps.store ?? sessionStore,
    userAtom: adminUserAtom,
    tokenKey: STORAGE_KEYS.adminToken,
    paths: { login: 'admin/auth/login', me: 'admin/auth/me', logout: 'admin/auth/logout' },
  });
}

/** The page's client session (docs/product.md §4 "Client authentication"). */
export const clientSession = createClientSession();
/** The page's admin session, kept apart from the client one. */
export const adminSession = createAdminSession();
