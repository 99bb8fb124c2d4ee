import * as v from 'valibot';
import { api, send } from 'shared/api';

export const ServiceCardSchema = v.object({
  id: v.string(),
  title: v.string(),
  subtitle: v.string(),
  description: v.string(),
  company: v.string(),
  contact_name: v.string(),
  role_label: v.picklist(['professional', 'contractor', 'vendor']),
  kind: v.string(),
  categories: v.array(v.string()),
  trades: v.array(v.string()),
  location: v.object({ country: v.string(), cities: v.array(v.string()) }),
  photo_url: v.nullable(v.string()),
  verified: v.boolean(),
  rating: v.nullable(v.number()),
  review_count: v.number(),
});
export type ServiceCard = v.InferOutput<typeof ServiceCardSchema>;

const DirectorySchema = v.object({
  data: v.array(ServiceCardSchema),
  meta: v.object({ page: v.number(), page_size: v.number(), total: v.number() }),
});
export type Directory = v.InferOutput<typeof DirectorySchema>;

export interface DirectoryQuery {
  q?: string;
  category?: string;
  kind?: string;
  city?: string;
  page?: number;
  page_size?: number;
}

/** `GET /specialists`: verified specialists only. */
export async function listSpecialists(query: DirectoryQuery = {}): Promise<Directory> {
  const searchParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[name] = String(value);
  return v.parse(DirectorySchema, await send(api.get('specialists', { searchParams })));
}
