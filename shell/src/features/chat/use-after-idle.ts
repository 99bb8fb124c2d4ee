import { useEffect, useState } from 'react';

/**
 * True once the page has finished loading, then had `delayMs` to itself and
 * a quiet moment of the browser's: for parts nobody needs in the first
 * seconds (the support chat), so they neither compete with the page nor
 * count in its first load.
 */
export function useAfterIdle(delayMs = 4000, idleTimeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    let idleHandle: number | undefined;
    const done = () => !cancelled && setReady(true);
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        // Browsers without requestIdleCallback (Safari) get the delay alone.
        if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(done, { timeout: idleTimeoutMs });
        else done();
      }, delayMs);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', afterLoad);
      window.clearTimeout(timer);
      if (idleHandle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idleHandle);
    };
  }, [delayMs, idleTimeoutMs]);
  return ready;
}
