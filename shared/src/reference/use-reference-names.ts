import { useAtomValue } from 'jotai';
import { referenceBookAtom } from './atoms';

/** Names from the reference book (already in the page's language), falling back to the code. */
export function useReferenceNames() {
  const book = useAtomValue(referenceBookAtom);
  const lookup = (list: { code: string; name: string }[] | undefined, code: string | null | undefined) =>
    (code && list?.find((item) => item.code === code)?.name) || code || '';
  return {
    book,
    category: (code: string) => lookup(book?.categories, code),
    group: (code: string) => lookup(book?.category_groups, code),
    country: (code: string) => lookup(book?.countries, code),
    status: (code: string) => lookup(book?.project_statuses, code),
    kind: (code: string | null) => lookup(book?.specialist_kinds, code),
    minorDigits: (currency: string) => book?.currencies.find((item) => item.code === currency)?.minor_digits,
  };
}
