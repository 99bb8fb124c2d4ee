import { useSearchParams } from 'react-router-dom';

/**
 * Filters kept in the address, so a filtered list can be shared and survives a
 * reload. Changing a filter goes back to page 1 and replaces the history
 * entry; turning a page adds one, so Back returns to the previous page.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: name !== 'page' });
  };
  return { get, page, update };
}
