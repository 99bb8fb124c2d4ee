export { createQueryClient, retryOnce, STALE_TIME_MS } from './query-client';
export type { QueryClientOptions } from './query-client';
export { queryKeys, isListKey } from './keys';
