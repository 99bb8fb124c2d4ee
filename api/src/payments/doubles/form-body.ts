/**
 * Reads a form-encoded body (or query string) with the bracket notation
 * Stripe's API takes (`line_items[0][price_data][currency]=eur`,
 * `expand[0]=payment_intent`) into nested objects and arrays, as Stripe's own
 * servers do. Used by the local Stripe double.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== '');
    // `expand[]=x` appends, as indices do.
    if (name.endsWith('[]')) path.push('');
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const next = path[index + 1];
      const container = node as Record<string, FormValue>;
      const key = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[key] = value;
        return;
      }
      if (typeof container[key] !== 'object') container[key] = next !== undefined && /^\d*$/.test(next) ? [] : {};
      node = container[key] as Record<string, FormValue>;
    });
  }
  return root;
}

/** A form value as an array (`expand[0]`, `expand[1]` …), whatever the indices. */
export function formList(value: FormValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return Object.values(value).filter((item): item is string => typeof item === 'string');
}
