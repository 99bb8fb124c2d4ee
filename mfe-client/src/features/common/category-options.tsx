import { useReferenceNames } from './reference';

/** The trades of the reference book as `<option>`s grouped by category (renovation, construction, smart home). */
export function CategoryOptions() {
  const { book } = useReferenceNames();
  return (
    <>
      {book?.category_groups.map((group) => (
        <optgroup key={group.code} label={group.name}>
          {book.categories
            .filter((item) => item.group === group.code)
            .map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
