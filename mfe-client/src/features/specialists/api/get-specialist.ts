import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ServiceCardSchema } from './list-specialists';

const SpecialistProfileSchema = v.object({
  ...ServiceCardSchema.entries,
  member_since: v.string(),
  verified_at: v.string(),
  reviews: v.array(v.unknown()),
});
export type SpecialistProfile = v.InferOutput<typeof SpecialistProfileSchema>;

/** `GET /specialists/:id`: a verified specialist's public profile. */
export async function getSpecialist(id: string): Promise<SpecialistProfile> {
  return v.parse(SpecialistProfileSchema, await send(api.get(`specialists/${encodeURIComponent(id)}`)));
}
