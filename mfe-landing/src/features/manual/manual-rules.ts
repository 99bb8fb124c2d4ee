/** Spec §2/§9: at this width or less the manual steps are an accordion; wider, a side card. */
export const MANUAL_ACCORDION_MAX_WIDTH_PX = 1024;
export const MANUAL_ACCORDION_QUERY = `(max-width: ${MANUAL_ACCORDION_MAX_WIDTH_PX}px)`;

/**
 * The accordion keeps at most one step open: opening a step closes the
 * other, clicking the open one closes it.
 */
export function toggleAccordionStep(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}
