import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, send } from 'shared/api';
import type { ReviewBody, ReviewView } from 'shared/contract';
import { queryKeys } from 'shared/query';

/** `POST /contracts/:id/review`: the client's one review of a completed contract. */
export async function submitReview(contractId: string, body: ReviewBody): Promise<ReviewView> {
  return send<ReviewView>(api.post(`contracts/${encodeURIComponent(contractId)}/review`, { json: body }));
}

/** The mutation owns what a review changes: the pending list, the contract, and the specialist's public and signed-in profiles. */
export function useSubmitReview(specialistId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, body }: { contractId: string; body: ReviewBody }) => submitReview(contractId, body),
    onSuccess: (_review, { contractId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews.pending() }),
        client.invalidateQueries({ queryKey: queryKeys.contracts.detail(contractId) }),
        client.invalidateQueries({ queryKey: queryKeys.professionals.all }),
        client.invalidateQueries({ queryKey: queryKeys.specialists.detail(specialistId) }),
      ]),
  });
}
