import { api, send } from 'shared/api';
import type { PendingReviewList } from 'shared/contract';

/** `GET /reviews/pending`: the signed-in client's completed contracts still waiting for their review. */
export async function fetchPendingReviews(signal?: AbortSignal): Promise<PendingReviewList> {
  return send<PendingReviewList>(api.get('reviews/pending', { signal }));
}
