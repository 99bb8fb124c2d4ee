import * as v from 'valibot';
import { api, send } from 'shared/api';
import { DesignListSchema, type Design } from 'shared/contract';

export interface PopularDesignsQuery {
  locale: 'en' | 'fr';
  currency?: string;
  limit?: number;
}

/** `GET /designs?featured=true`: the featured designs shown on the landing page. */
export async function fetchPopularDesigns({ locale, currency, limit = 6 }: PopularDesignsQuery, signal?: AbortSignal): Promise<Design[]> {
  const searchParams: Record<string, string | number> = { featured: 'true', limit, locale };
  if (currency) searchParams.currency = currency;
  const body = await send(api.get('designs', { searchParams, signal }));
  return v.parse(DesignListSchema, body).data;
}
