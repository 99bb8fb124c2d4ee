import * as v from 'valibot';
import { api, send } from 'shared/api';
import { DesignListSchema, type DesignList } from 'shared/contract';

/** The largest page the API serves. */
export const DESIGNS_MAX_PAGE_SIZE = 24;

export interface DesignQuery {
  locale: string;
  currency: string;
  /** Where the house would be built: estimates follow that country's costs. */
  country?: string;
  tier?: string;
  /** "1", "2", "3", or "4" for four and more. */
  rooms?: string;
  q?: string;
  page?: number;
  page_size?: number;
}

/** `GET /designs` in the page's language, costs in the viewer's currency, filtered and paged by the API. */
export async function listDesigns(query: DesignQuery, signal?: AbortSignal): Promise<DesignList> {
  const searchParams: Record<string, string> = {
    locale: query.locale,
    currency: query.currency,
    page: String(query.page ?? 1),
    page_size: String(query.page_size ?? DESIGNS_MAX_PAGE_SIZE),
  };
  if (query.country) searchParams.country = query.country;
  if (query.tier) searchParams.tier = query.tier;
  if (query.q) searchParams.q = query.q;
  if (query.rooms) {
    searchParams.rooms_min = query.rooms;
    if (query.rooms !== '4') searchParams.rooms_max = query.rooms;
  }
  return v.parse(DesignListSchema, await send(api.get('designs', { searchParams, signal })));
}
