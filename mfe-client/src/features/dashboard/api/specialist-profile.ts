import * as v from 'valibot';
import { api, send } from 'shared/api';
import type { SpecialistProfileInput } from 'shared/schemas';

export const OwnProfileSchema = v.object({
  company_name: v.string(),
  headline: v.string(),
  description: v.string(),
  categories: v.array(v.string()),
  service_country: v.string(),
  service_cities: v.array(v.string()),
  verified: v.boolean(),
});
export type OwnProfile = v.InferOutput<typeof OwnProfileSchema>;

/** `GET /specialist-profile`: the signed-in specialist's services and whether they are verified. */
export async function getOwnProfile(): Promise<OwnProfile> {
  return v.parse(OwnProfileSchema, await send(api.get('specialist-profile')));
}

/** `PUT /specialist-profile`: trades and area decide which requests arrive. */
export async function saveOwnProfile(profile: SpecialistProfileInput): Promise<OwnProfile> {
  return v.parse(OwnProfileSchema, await send(api.put('specialist-profile', { json: profile })));
}
