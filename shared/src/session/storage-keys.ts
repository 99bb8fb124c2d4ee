/** Browser storage keys fixed by the spec (§3). */
export const STORAGE_KEYS = {
  clientToken: 'access_token',
  adminToken: 'admin_access_token',
  requestedClientPage: 'requested_client_page',
  requestedAdminPage: 'requested_admin_page',
  locale: 'locale',
} as const;

/** The part of the Storage API the session code needs; lets tests pass an in-memory store. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage when the browser allows it, otherwise a throw-away in-memory store. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage can be blocked (privacy mode, sandboxed iframe): fall through.
  }
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}
