import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has had a quiet moment:
 * for parts nobody needs in the first seconds (the support chat), so they
 * do not compete with the page itself.
 */
export function useAfterIdle(minimumDelayMs = 1500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idleHandle: number | undefined;
    const timer = window.setTimeout(() => {
      const done = () => !cancelled && setReady(true);
      if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(done, { timeout: 2000 });
      else done();
    }, minimumDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (idleHandle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idleHandle);
    };
  }, [minimumDelayMs]);
  return ready;
}
