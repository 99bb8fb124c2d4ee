import { useEffect } from 'react';

/**
 * Publishes the sticky header's height as `--site-header-height`, so what
 * floats at the top of the window (the toasts) can sit below the header
 * instead of over its Login and Sign out buttons. The height changes with
 * the width and the language, hence the observer.
 */
export function useHeaderHeight(signature: unknown) {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    const root = document.documentElement;
    if (!header) {
      root.style.removeProperty('--site-header-height');
      return;
    }
    const publish = () => root.style.setProperty('--site-header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => observer.disconnect();
  }, [signature]);
}
