import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is within `margin` of the screen, and from then on.
 * Without IntersectionObserver (old browsers), true at once: the content is
 * then loaded as if the visitor were there.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '100%'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
