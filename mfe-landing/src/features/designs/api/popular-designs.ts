import { api, send } from 'shared/api';
import type { Design, DesignList } from 'shared/contract';

export interface PopularDesignsQuery {
  locale: 'en' | 'fr';
  currency?: string;
  limit?: number;
}

/** `GET /designs?featured=true`: the featured designs shown on the landing page. */
export async function fetchPopularDesigns({ locale, currency, limit = 6 }: PopularDesignsQuery, signal?: AbortSignal): Promise<Design[]> {
  const searchParams: Record<string, string | number> = { featured: 'true', limit, locale };
  if (currency) searchParams.currency = currency;
  // Typed, not parsed: the API serialises this answer from DesignListSchema, and parsing it again here would put valibot in the home page's first load.
  const body = await send<DesignList>(api.get('designs', { searchParams, signal }));
  return body.data;
}
