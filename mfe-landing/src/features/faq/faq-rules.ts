/** FAQ entries open and close independently (docs/product.md §2): toggling one never touches the others. */
export function toggleFaqItem(open: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(open);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
