import { api, send } from 'shared/api';
import type { ProfessionalDirectory } from 'shared/contract';

export interface ProfessionalsQuery {
  /** A trade (reference-book category code). */
  category?: string;
  city?: string;
  page?: number;
  page_size?: number;
}

/** `GET /professionals`: verified specialists, filtered by trade and city, a page at a time. */
export async function listProfessionals(query: ProfessionalsQuery, signal?: AbortSignal): Promise<ProfessionalDirectory> {
  const searchParams: Record<string, string> = { page: String(query.page ?? 1), page_size: String(query.page_size ?? 12) };
  if (query.category) searchParams.category = query.category;
  if (query.city) searchParams.city = query.city;
  // Typed, not parsed: the API writes this answer from ProfessionalDirectorySchema.
  return send<ProfessionalDirectory>(api.get('professionals', { searchParams, signal }));
}
