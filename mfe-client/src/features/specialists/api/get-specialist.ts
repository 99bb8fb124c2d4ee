import * as v from 'valibot';
import { api, send } from 'shared/api';
import { SpecialistPublicProfileSchema, type SpecialistPublicProfile } from 'shared/contract';

/** `GET /specialists/:id`: a verified specialist's public profile. */
export async function getSpecialist(id: string, signal?: AbortSignal): Promise<SpecialistPublicProfile> {
  return v.parse(SpecialistPublicProfileSchema, await send(api.get(`specialists/${encodeURIComponent(id)}`, { signal })));
}
