import { useCallback, type Ref, type RefObject } from 'react';

/** One callback ref for an element a component needs itself and its caller may ask for too (to focus it). */
export function useMergedRef<T>(own: RefObject<T | null>, theirs: Ref<T> | undefined): (node: T | null) => void {
  return useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof theirs === 'function') theirs(node);
      else if (theirs) theirs.current = node;
    },
    [own, theirs],
  );
}
