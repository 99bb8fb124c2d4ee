import { Suspense, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/** Whether the sections below the first screen may hydrate now (they always may once one has drawn on the client). */
let released = false;
let wanted: Promise<void> | undefined;

/** What a visitor does first that may concern a section below the first screen. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Resolves once the page has loaded and the browser has a quiet moment, or at
 * the visitor's first interaction, whichever comes first. The flag is set in
 * the interaction's own listener, before React handles the event: a click on a
 * section that is still server HTML hydrates it on the spot, and the click
 * reaches its handler.
 */
function whenWanted(): Promise<void> {
  wanted ??= new Promise<void>((resolve) => {
    const release = () => {
      released = true;
      for (const type of INTERACTIONS) window.removeEventListener(type, release, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, release, { capture: true, passive: true });
    const afterLoad = () => {
      // Browsers without requestIdleCallback (Safari) wait a moment instead.
      if ('requestIdleCallback' in window) window.requestIdleCallback(release, { timeout: 2000 });
      else setTimeout(release, 500);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return wanted;
}

const noSubscription = () => () => undefined;

function Gate({ children }: { children: ReactNode }) {
  // The server snapshot is read while React adopts server HTML (and by the server renderer), the client one otherwise.
  const fromServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // Drawn on the client (a navigation, or the prerendering browser's first render): nothing to wait for any more.
  useEffect(() => {
    released = true;
  }, []);
  if (fromServerHtml && !released) use(whenWanted());
  return <>{children}</>;
}

/**
 * A part of a prerendered page that nobody needs in the first second (below
 * the first screen): its server HTML shows at once, and React adopts it once
 * the page has loaded and the browser is idle, or as soon as the visitor
 * interacts, in a boundary of its own, so the start-up's main-thread work is
 * the first screen's alone and each section hydrates in its own short task.
 * Drawn on the client, it renders at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
