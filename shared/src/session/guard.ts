import type { RouteAuth } from '../routing/route-table';
import { STORAGE_KEYS } from './storage-keys';
import type { RoleHolder } from './types';

export type GuardDecision =
  | { readonly allow: true }
  | {
      readonly allow: false;
      readonly redirectTo: string;
      /** The storage entry to write so the page can be reopened after sign-in. */
      readonly remember: { readonly key: string; readonly value: string };
    };

/**
 * The route guard of docs/product.md §4, run before each navigation: a client route
 * without a client user (or an admin route without an admin) saves the full
 * requested path and sends the visitor to `/`.
 */
export function guardNavigation(
  auth: RouteAuth,
  fullPath: string,
  // Only whether each session has a user matters here.
  session: { client: RoleHolder | false | null; admin: RoleHolder | false | null },
): GuardDecision {
  if (auth === 'client' && !session.client) {
    return { allow: false, redirectTo: '/', remember: { key: STORAGE_KEYS.requestedClientPage, value: fullPath } };
  }
  if (auth === 'admin' && !session.admin) {
    return { allow: false, redirectTo: '/', remember: { key: STORAGE_KEYS.requestedAdminPage, value: fullPath } };
  }
  return { allow: true };
}
