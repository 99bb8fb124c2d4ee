import { useAtomValue } from 'jotai';
import { referenceBookAtom } from 'shared/reference';

/** Trade and city names from the reference book (in the page's language); codes until it has loaded. */
export function useDirectoryReference() {
  const book = useAtomValue(referenceBookAtom);
  const tradeName = (code: string) => book?.categories.find((item) => item.code === code)?.name ?? code;
  const cities = [...new Set(book?.countries.flatMap((country) => country.cities) ?? [])].sort((a, b) => a.localeCompare(b));
  return { book, tradeName, cities };
}
