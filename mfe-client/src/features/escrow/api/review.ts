import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ReviewViewSchema, type ReviewBody, type ReviewView } from 'shared/contract';
import { contractPath } from '../../common/api/get-contract';

/** `POST /contracts/:id/review` (client, once every milestone is released). */
export async function postReview(contractId: string, input: ReviewBody): Promise<ReviewView> {
  return v.parse(ReviewViewSchema, await send(api.post(`${contractPath(contractId)}/review`, { json: input })));
}
