import { lazy, type ComponentType } from 'react';

/**
 * The signed-in header arrives in its own chunk: it brings the notification
 * stream and the API's schemas (shared/contract), which a visitor of the
 * public pages never needs. A signed-in start-up loads it before the first
 * paint (startShell), so the chrome still shows at once there.
 */
let loading: Promise<ComponentType> | undefined;
let loaded: ComponentType | undefined;

export function loadClientHeader(): Promise<ComponentType> {
  loading ??= import('./client-header').then((module) => {
    loaded = module.ClientHeader;
    return module.ClientHeader;
  });
  // A failed load (a dropped connection) is tried again on the next render rather than remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

const LazyClientHeader = lazy(() => loadClientHeader().then((component) => ({ default: component })));

/** The client's header: drawn at once when already loaded, else once its chunk arrives. */
export function ClientHeaderSlot() {
  const Loaded = loaded;
  return Loaded ? <Loaded /> : <LazyClientHeader />;
}
