import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Spec §2: the page scrolls to the top on every navigation. Not on the first
 * page: the browser places it (a reload keeps its place), and a prerendered
 * page may have been scrolled before the shell took it over.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const shown = useRef(address);
  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [address]);
}
