import * as v from 'valibot';
import { api, send } from 'shared/api';
import { contractPath } from './get-contract';

const ReviewSchema = v.object({ rating: v.number(), body: v.string(), created_at: v.string() });
export type Review = v.InferOutput<typeof ReviewSchema>;

/** `POST /contracts/:id/review` (client, once every milestone is released). */
export async function postReview(contractId: string, input: { rating: number; body: string }): Promise<Review> {
  return v.parse(ReviewSchema, await send(api.post(`${contractPath(contractId)}/review`, { json: input })));
}
