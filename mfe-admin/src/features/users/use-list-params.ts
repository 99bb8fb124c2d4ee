import { useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_STATUSES,
  USER_SORT_FIELDS,
  VERIFICATION_STATES,
  type AccountStatus,
  type UserSortField,
  type VerificationState,
} from 'shared/contract';

export type SortField = UserSortField;

export interface ListParams {
  q: string;
  verification: VerificationState | '';
  status: AccountStatus | '';
  country: string;
  city: string;
  sort: SortField;
  order: 'asc' | 'desc';
  page: number;
}

/** What a control changes, as the control holds it; read back from the URL, it is narrowed again. */
export type ListChanges = { [K in keyof ListParams]?: K extends 'page' ? number : string };

/** The value when it is one of the options; otherwise the fallback, so a hand-edited URL cannot send a refused filter. */
function oneOf<T extends string, F extends string>(value: string | null, options: readonly T[], fallback: F): T | F {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** The table's filters live in the URL, so they survive a reload and the back button. */
export function useListParams(): [ListParams, (changes: ListChanges) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page'));
  const params: ListParams = {
    q: search.get('q') ?? '',
    verification: oneOf(search.get('verification'), VERIFICATION_STATES, ''),
    status: oneOf(search.get('status'), ACCOUNT_STATUSES, ''),
    country: search.get('country') ?? '',
    city: search.get('city') ?? '',
    sort: oneOf(search.get('sort'), USER_SORT_FIELDS, 'created_at'),
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (changes: ListChanges) => {
    // Any change but paging starts again at page 1.
    const next = { ...params, ...changes, page: changes.page ?? 1 };
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
