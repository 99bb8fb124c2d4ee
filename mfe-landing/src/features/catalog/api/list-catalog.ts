import { api, send } from 'shared/api';
import type { DesignList } from 'shared/contract';

export interface CatalogQuery {
  locale: string;
  currency: string;
  /** Where the house would be built: the estimate follows that country's building costs. */
  country?: string;
  tier?: string;
  page?: number;
  page_size?: number;
}

/** `GET /designs`: the public catalog in the page's language, costs for a country in the visitor's currency. */
export async function listCatalog(query: CatalogQuery, signal?: AbortSignal): Promise<DesignList> {
  const searchParams: Record<string, string> = {
    locale: query.locale,
    currency: query.currency,
    page: String(query.page ?? 1),
    page_size: String(query.page_size ?? 12),
  };
  if (query.country) searchParams.country = query.country;
  if (query.tier) searchParams.tier = query.tier;
  return send<DesignList>(api.get('designs', { searchParams, signal }));
}
