/** Spec §9: what an arrow scrolls when the first card cannot be measured. */
export const CAROUSEL_FALLBACK_SCROLL_PX = 300;

/** An arrow scrolls by the first card's width, or by the fallback when there is no card or it has no size yet. */
export function carouselScrollAmount(firstCard: { offsetWidth: number } | null | undefined): number {
  const width = firstCard?.offsetWidth ?? 0;
  return width > 0 ? width : CAROUSEL_FALLBACK_SCROLL_PX;
}
