import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: T | undefined; error: null; reload: () => void; replace: (data: T) => void }
  | { status: 'ready'; data: T; error: null; reload: () => void; replace: (data: T) => void }
  | { status: 'error'; data: T | undefined; error: unknown; reload: () => void; replace: (data: T) => void };

/**
 * Loads `fetcher` whenever `key` changes; an answer to an older key is dropped
 * so fast filter changes never show stale results.
 */
export function useResource<T>(key: string, fetcher: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; data: T | undefined; error: unknown }>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    fetcherRef.current().then(
      (data) => current && setState({ status: 'ready', data, error: null }),
      (error: unknown) => current && setState((previous) => ({ status: 'error', data: previous.data, error })),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, replace } as Resource<T>;
}
