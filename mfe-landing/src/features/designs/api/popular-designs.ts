import * as v from 'valibot';
import { api, send } from 'shared/api';

export const DESIGN_TIERS = ['standard', 'premium', 'luxury'] as const;

export const DesignSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  tier: v.picklist(DESIGN_TIERS),
  rooms: v.number(),
  area_m2: v.number(),
  image_url: v.string(),
  estimated_cost: v.object({ currency: v.string(), min: v.number(), max: v.number() }),
});

export const DesignListSchema = v.object({
  data: v.array(DesignSchema),
  meta: v.object({ total: v.number() }),
});

/** One home design as the API lists it; amounts are in minor units of `estimated_cost.currency`. */
export type Design = v.InferOutput<typeof DesignSchema>;
export type DesignTier = Design['tier'];

export interface PopularDesignsQuery {
  locale: 'en' | 'fr';
  currency?: string;
  limit?: number;
}

/** `GET /designs?featured=true`: the featured designs shown on the landing page. */
export async function fetchPopularDesigns({ locale, currency, limit = 6 }: PopularDesignsQuery): Promise<Design[]> {
  const searchParams: Record<string, string | number> = { featured: 'true', limit, locale };
  if (currency) searchParams.currency = currency;
  const body = await send(api.get('designs', { searchParams }));
  return v.parse(DesignListSchema, body).data;
}
