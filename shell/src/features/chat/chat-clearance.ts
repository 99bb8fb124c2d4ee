/** What a visitor presses or types in (a label too: often the face of a choice card): the floating launcher must never sit on one of these. */
const CONTROLS = 'a[href],button,input:not([type=hidden]),select,textarea,label,[role=button],[tabindex="0"]';
/** Room kept between the launcher and a control it passes. */
const GAP = 8;
/** How far up the corner the launcher may climb, as a share of the window's height, before it steps aside. */
const MAX_CLIMB = 0.4;

/** Whether the chat's panel is open: then the launcher holds still where it was opened, its panel above it. */
function chatOpen(slot: HTMLElement): boolean {
  return [slot, ...Array.from(slot.querySelectorAll('*'), (element) => element.shadowRoot)].some(
    (root) => !!root?.querySelector('[aria-expanded="true"]'),
  );
}

/**
 * The lift (px) that puts the launcher, whose resting box is `base`, clear of every control box in
 * `obstacles`: the smallest of nothing and "just above one of them" that meets none, or null when
 * no such place is within `limit`.
 */
export function clearLift(base: Pick<DOMRect, 'top' | 'bottom'>, obstacles: Pick<DOMRect, 'top' | 'bottom'>[], limit: number): number | null {
  const meets = (lift: number) => obstacles.some((box) => box.top < base.bottom - lift + GAP && box.bottom > base.top - lift - GAP);
  const lifts = [0, ...obstacles.map((box) => base.bottom - box.top + GAP)].filter((lift) => lift >= 0 && lift <= limit);
  return lifts.sort((a, b) => a - b).find((lift) => !meets(lift)) ?? null;
}

/**
 * Keeps the floating chat launcher off the page's controls: wherever the page is scrolled, and as
 * it changes, the launcher climbs the corner to the nearest place free of controls, and steps aside
 * (hidden) when there is none near, instead of sitting on a field or a button. A ref callback of
 * the launcher's slot: it returns what stops the watching.
 */
export function chatClearance(slot: HTMLElement | null): (() => void) | undefined {
  if (!slot) return undefined;
  let frame = 0;
  const place = () => {
    frame = 0;
    if (chatOpen(slot)) return;
    // Where it rests, whatever its lift or a lift on its way: the transform moves it up and down only.
    const { left, right, width } = slot.getBoundingClientRect();
    const bottom = window.innerHeight - parseFloat(getComputedStyle(slot).bottom);
    const base = { top: bottom - slot.offsetHeight, bottom, left, right };
    let lift: number | null = 0;
    if (width > 0) {
      const limit = window.innerHeight * MAX_CLIMB;
      const obstacles: DOMRect[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
        if (slot.contains(element)) continue;
        const box = element.getBoundingClientRect();
        const near =
          box.width > 0 &&
          box.left < base.right + GAP &&
          box.right > base.left - GAP &&
          box.bottom > base.top - limit - GAP &&
          box.top < base.bottom + GAP;
        if (near && getComputedStyle(element).visibility !== 'hidden') obstacles.push(box);
      }
      lift = clearLift(base, obstacles, limit);
    }
    // Keyboard focus inside keeps the launcher where the visitor is.
    const aside = lift === null && !slot.contains(document.activeElement);
    slot.style.transform = lift ? `translateY(${-lift}px)` : '';
    slot.toggleAttribute('data-aside', aside);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(place);
  };
  const observer = new MutationObserver((records) => {
    if (records.some((record) => !slot.contains(record.target))) schedule();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'hidden', 'open'] });
  // A remote's stylesheet, a picture or a font arriving moves the page without a change to its
  // elements, and often without a change to the body's size: each one's arrival is a look again.
  // (The load events of stylesheets and pictures do not bubble: they are heard on their way down.)
  // (No ResizeObserver nor font set in the unit tests' document.)
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
  resizes?.observe(document.body);
  const triggers: [EventTarget | undefined, string, AddEventListenerOptions?][] = [
    [document, 'load', { capture: true }],
    [document, 'transitionend', { capture: true }],
    [document, 'animationend', { capture: true }],
    [document.fonts, 'loadingdone'],
    [window, 'scroll', { passive: true }],
    [window, 'resize'],
    [slot, 'focusin'],
    [slot, 'click'],
  ];
  for (const [target, type, options] of triggers) target?.addEventListener(type, schedule, options);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    resizes?.disconnect();
    for (const [target, type, options] of triggers) target?.removeEventListener(type, schedule, options);
  };
}
