import { api, send } from 'shared/api';
import type { ProfessionalProfile } from 'shared/contract';

/** `GET /professionals/:id`: a verified specialist's public profile, with their checks and reviews. */
export async function getProfessional(id: string, signal?: AbortSignal): Promise<ProfessionalProfile> {
  return send<ProfessionalProfile>(api.get(`professionals/${encodeURIComponent(id)}`, { signal }));
}
