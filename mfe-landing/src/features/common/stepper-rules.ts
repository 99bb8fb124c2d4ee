/** Spec §9: from this width the stepper follows the page's scroll position; narrower, the carousel slide. */
export const STEPPER_WIDE_MIN_WIDTH_PX = 1024;
export const STEPPER_WIDE_QUERY = `(min-width: ${STEPPER_WIDE_MIN_WIDTH_PX}px)`;
/** Spec §9: a step counts as reached this many pixels before its top crosses the reading line. */
export const STEP_SCROLL_OFFSET_PX = 50;

/** Progress shown by the bar: current step (1-based) over the number of steps, as a whole percentage. */
export function stepperProgress(currentStep: number, totalSteps: number): number {
  if (totalSteps <= 0) return 0;
  const clamped = Math.min(Math.max(currentStep, 0), totalSteps);
  return Math.round((clamped / totalSteps) * 100);
}

/**
 * The step being read (0-based): the last one whose top, less the offset,
 * has reached the reading line. Before the first step the first one is active.
 * `stepTops` and `readingLine` are in the same coordinates (page pixels).
 */
export function activeStepFromScroll(stepTops: readonly number[], readingLine: number, offset = STEP_SCROLL_OFFSET_PX): number {
  let active = 0;
  stepTops.forEach((top, index) => {
    if (top - offset <= readingLine) active = index;
  });
  return active;
}

/** The slide a horizontal carousel shows, from its scroll position and the width of one slide. */
export function activeSlide(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) return 0;
  return Math.min(Math.max(Math.round(scrollLeft / slideWidth), 0), count - 1);
}
