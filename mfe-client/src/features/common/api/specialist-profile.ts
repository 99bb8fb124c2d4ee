import * as v from 'valibot';
import { api, send } from 'shared/api';
import type { SpecialistProfileInput } from 'shared/schemas';
import { OwnSpecialistProfileSchema, type OwnSpecialistProfile } from 'shared/contract';

/** `GET /specialist-profile`: the signed-in specialist's services and whether they are verified. */
export async function getOwnProfile(signal?: AbortSignal): Promise<OwnSpecialistProfile> {
  return v.parse(OwnSpecialistProfileSchema, await send(api.get('specialist-profile', { signal })));
}

/** `PUT /specialist-profile`: trades and area decide which requests arrive. */
export async function saveOwnProfile(profile: SpecialistProfileInput): Promise<OwnSpecialistProfile> {
  return v.parse(OwnSpecialistProfileSchema, await send(api.put('specialist-profile', { json: profile })));
}
