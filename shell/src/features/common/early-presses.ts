/**
 * Presses on a prerendered page's controls before the shell has adopted it.
 * The page shows at once from its HTML, while its code arrives and React
 * takes it over in slices: a button pressed meanwhile has no handler yet, and
 * its press would be lost. A control marked `data-early-press="<name>"` has
 * such a press remembered, for its component to act on once it runs.
 */

const pressed = new Set<string>();
let listening = false;

/** Whether React has adopted a server-rendered element (hydration attaches its props to the node). */
export function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** Starts listening, before any other code of the shell: the first thing main.js does. */
export function rememberEarlyPresses(target: Document = document): void {
  if (listening) return;
  listening = true;
  target.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('[data-early-press]') : null;
      const name = control?.getAttribute('data-early-press');
      // A control React owns already handles the press itself.
      if (control && name && !isHydrated(control)) pressed.add(name);
    },
    { capture: true },
  );
}

/** Whether the control named `name` was pressed before its component ran; a press is handed out once. */
export function takeEarlyPress(name: string): boolean {
  return pressed.delete(name);
}
