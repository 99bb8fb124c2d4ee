import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { RouteEntry } from 'shared/routing';
import { adminUserAtom, browserStorage, clientUserAtom, guardNavigation, sessionStore, type KeyValueStorage } from 'shared/session';

/**
 * The loader of every route: runs the docs/product.md §4 guard before the navigation
 * commits, then follows the route's own redirect (`/main` → `/main/dashboard`).
 */
export function guardLoader(route: RouteEntry, storage: KeyValueStorage = browserStorage(), store = sessionStore) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = guardNavigation(route.auth, `${url.pathname}${url.search}`, {
      client: store.get(clientUserAtom),
      admin: store.get(adminUserAtom),
    });
    if (!decision.allow) {
      storage.setItem(decision.remember.key, decision.remember.value);
      return redirect(decision.redirectTo);
    }
    if (route.redirectTo) return redirect(route.redirectTo);
    return null;
  };
}
