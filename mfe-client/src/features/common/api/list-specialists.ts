import * as v from 'valibot';
import { api, send } from 'shared/api';
import { SpecialistDirectorySchema, type SpecialistDirectory } from 'shared/contract';

export interface DirectoryQuery {
  q?: string;
  category?: string;
  kind?: string;
  city?: string;
  page?: number;
  page_size?: number;
}

/** `GET /specialists`: verified specialists only. */
export async function listSpecialists(query: DirectoryQuery = {}, signal?: AbortSignal): Promise<SpecialistDirectory> {
  const searchParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[name] = String(value);
  return v.parse(SpecialistDirectorySchema, await send(api.get('specialists', { searchParams, signal })));
}
