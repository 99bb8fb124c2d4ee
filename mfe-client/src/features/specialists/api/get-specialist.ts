import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ServiceCardSchema } from './list-specialists';

const SpecialistProfileSchema = v.object({
  ...ServiceCardSchema.entries,
  member_since: v.string(),
  verified_at: v.string(),
  /** Verified reviews only: one per contract, written after its final release. */
  reviews: v.array(
    v.object({ rating: v.number(), body: v.string(), author: v.string(), project_title: v.string(), created_at: v.string() }),
  ),
});
export type SpecialistProfile = v.InferOutput<typeof SpecialistProfileSchema>;

/** `GET /specialists/:id`: a verified specialist's public profile. */
export async function getSpecialist(id: string): Promise<SpecialistProfile> {
  return v.parse(SpecialistProfileSchema, await send(api.get(`specialists/${encodeURIComponent(id)}`)));
}
