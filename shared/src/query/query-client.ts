import { QueryClient, type Query } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { isListKey } from './keys';

/**
 * How long an answer counts as current. Other people change what a page
 * shows (the contractor completes, the expert approves): a page opened again
 * shows its last answer at once and asks the server again behind it.
 * Components mounted together still share one request.
 */
export const STALE_TIME_MS = 0;

/**
 * One more attempt for what may be passing (no answer, a 5xx); a 4xx will
 * answer the same again, so the screen shows it at once.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Lists change under the viewer (new quotes, new requests): they also ask again when the window comes back. */
const refetchListsOnFocus = (query: Query) => isListKey(query.queryKey);

export interface QueryClientOptions {
  /** Tests turn retries off so an error state shows without waiting. */
  retry?: boolean;
}

/** The cache of server answers: one per page (the shell's), or one per standalone remote or test. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: options.retry === false ? false : retryOnce,
        refetchOnWindowFocus: refetchListsOnFocus,
      },
      // A payment or a decision is never sent twice on its own.
      mutations: { retry: false },
    },
  });
}
