import { useSearchParams } from 'react-router-dom';

export type SortField = 'created_at' | 'name' | 'email';

export interface ListParams {
  q: string;
  verification: string;
  status: string;
  country: string;
  city: string;
  sort: SortField;
  order: 'asc' | 'desc';
  page: number;
}

const SORTS: SortField[] = ['created_at', 'name', 'email'];

/** The table's filters live in the URL, so they survive a reload and the back button. */
export function useListParams(): [ListParams, (changes: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const sort = search.get('sort') as SortField | null;
  const page = Number(search.get('page'));
  const params: ListParams = {
    q: search.get('q') ?? '',
    verification: search.get('verification') ?? '',
    status: search.get('status') ?? '',
    country: search.get('country') ?? '',
    city: search.get('city') ?? '',
    sort: sort && SORTS.includes(sort) ? sort : 'created_at',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (changes: Partial<ListParams>) => {
    // Any change but paging starts again at page 1.
    const next: ListParams = { ...params, ...changes, page: changes.page ?? 1 };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      const isDefault =
        value === '' || (key === 'sort' && value === 'created_at') || (key === 'order' && value === 'desc') || (key === 'page' && value === 1);
      if (!isDefault) out.set(key, String(value));
    }
    setSearch(out);
  };
  return [params, update];
}
