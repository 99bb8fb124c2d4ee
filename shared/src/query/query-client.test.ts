import { ApiError } from '../api/api-error';
import { isListKey, queryKeys } from './keys';
import { retryOnce } from './query-client';

describe('createQueryClient defaults', () => {
  it('tries once more after no answer or a server error, never after a refusal', () => {
    expect(retryOnce(0, new ApiError('network', 0, 'offline'))).toBe(true);
    expect(retryOnce(0, new ApiError('http', 503, 'unavailable'))).toBe(true);
    expect(retryOnce(1, new ApiError('http', 503, 'unavailable'))).toBe(false);
    expect(retryOnce(0, new ApiError('http', 404, 'not found'))).toBe(false);
    expect(retryOnce(0, new ApiError('http', 403, 'forbidden'))).toBe(false);
  });

  it('refetches lists on focus, not single records', () => {
    expect(isListKey(queryKeys.projects.list({ page: 2 }))).toBe(true);
    expect(isListKey(queryKeys.admin.escrow.contracts({}))).toBe(true);
    expect(isListKey(queryKeys.contracts.detail('c1'))).toBe(false);
    expect(isListKey(queryKeys.notifications.unreadCount())).toBe(false);
  });
});
