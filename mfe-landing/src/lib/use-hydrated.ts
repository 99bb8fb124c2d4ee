import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React adopts the server's HTML (and in the prerender), true
 * afterwards: a page whose address carries filters renders first as it was
 * prerendered (without them), then with them, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
