import { lazy, useEffect, type ComponentType } from 'react';

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

/** Tells its parent once it is in the page (the header's height can only be measured then). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * The client's header: drawn at once when already loaded, else once its chunk
 * arrives; `onShown` runs when it is in the page, so the frame can measure it.
 */
export function ClientHeaderSlot({ onShown }: { onShown: () => void }) {
  const Loaded = loaded;
  return (
    <>
      {Loaded ? <Loaded /> : <LazyClientHeader />}
      <Shown onShown={onShown} />
    </>
  );
}
