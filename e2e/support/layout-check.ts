import type { Page } from '@playwright/test';

/**
 * What a reader notices on a page at the current width, measured in the page:
 * a money figure broken across lines or cut, a control sticking out of its box
 * or of the screen, a page that scrolls sideways, a header or footer whose
 * content touches its edges (the admin area has no footer: `footer: false`). Returns one
 * readable line per problem.
 *
 * Runs inside the browser, so it is self-contained.
 */
export function layoutProblems(page: Page, { footer = true }: { footer?: boolean } = {}): Promise<string[]> {
  return page.evaluate((withFooter) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const TOLERANCE = 1;

    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
    };
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    /** The box that lays the element out: its nearest ancestor that is not inline. */
    const containerOf = (element: Element): Element | null => {
      let parent = element.parentElement;
      while (parent && /^(inline|contents)$/.test(getComputedStyle(parent).display)) parent = parent.parentElement;
      return parent;
    };
    /** Whether an ancestor scrolls sideways on purpose (a wide table in its own scroller). */
    const inSideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && parent !== document.documentElement && parent !== document.body) return true;
      }
      return false;
    };
    const horizontallyInside = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - TOLERANCE && inner.right <= outer.right + TOLERANCE;
    const inViewport = (rect: DOMRect) => rect.left >= -TOLERANCE && rect.right <= viewport + TOLERANCE;
    // Fixed widgets (chat, scroll-to-top) and the skip link are outside the page's flow.
    const outsideFlow = (element: Element) => Boolean(element.closest('.chat-slot, .skip-link, [hidden]'));

    if (document.documentElement.scrollWidth > viewport + TOLERANCE) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide in a ${viewport}px window`);
    }

    for (const figure of Array.from(document.querySelectorAll('[data-money]'))) {
      if (!shown(figure) || outsideFlow(figure)) continue;
      const rect = figure.getBoundingClientRect();
      const lines = figure.getClientRects().length;
      if (lines !== 1) problems.push(`money broken over ${lines} lines: ${describe(figure)}`);
      if (figure.scrollWidth > figure.clientWidth + TOLERANCE)
        problems.push(`money cut (${figure.scrollWidth}px in ${figure.clientWidth}px): ${describe(figure)}`);
      const container = figure instanceof SVGElement ? figure.ownerSVGElement : containerOf(figure);
      if (container && !horizontallyInside(rect, container.getBoundingClientRect()))
        problems.push(`money outside its box ${describe(container)}: ${describe(figure)}`);
      if (container && figure instanceof SVGElement) {
        const box = container.getBoundingClientRect();
        if (rect.top < box.top - TOLERANCE || rect.bottom > box.bottom + TOLERANCE) problems.push(`chart label cut: ${describe(figure)}`);
      }
      if (!inViewport(rect))
        problems.push(`money outside the window (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewport}px): ${describe(figure)}`);
    }

    for (const control of Array.from(document.querySelectorAll('a[href], button, input, select, textarea'))) {
      if (!shown(control) || outsideFlow(control)) continue;
      const rect = control.getBoundingClientRect();
      if (control.closest('header nav')) {
        // Navigation entries are checked for reachability separately; they must still fit the window.
      } else if (!inSideScroller(control)) {
        const container = containerOf(control);
        if (container && !horizontallyInside(rect, container.getBoundingClientRect()))
          problems.push(`control outside its box ${describe(container)}: ${describe(control)}`);
      }
      if (!inSideScroller(control) && !inViewport(rect))
        problems.push(`control outside the window (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewport}px): ${describe(control)}`);
    }

    const edges: [string, string][] = [
      ['header', 'header.site-header'],
      ...(withFooter ? ([['footer', 'footer.site-footer']] as [string, string][]) : []),
    ];
    for (const [name, selector] of edges) {
      const box = document.querySelector(selector);
      if (!box) {
        problems.push(`no ${name}`);
        continue;
      }
      const outer = box.getBoundingClientRect();
      const first = box.firstElementChild;
      const last = box.lastElementChild;
      const padding = (element: Element | null, side: 'paddingTop' | 'paddingBottom') => (element ? parseFloat(getComputedStyle(element)[side]) : 0);
      if (padding(box, 'paddingTop') + padding(first, 'paddingTop') <= 0) problems.push(`${name} has no top padding`);
      if (padding(box, 'paddingBottom') + padding(last, 'paddingBottom') <= 0) problems.push(`${name} has no bottom padding`);
      const MIN_GAP = 4;
      for (const child of Array.from(box.querySelectorAll('a, button, select, input, svg, img, [class*="badge"]'))) {
        if (!shown(child) || child.closest('[role="dialog"], [aria-modal], .notification-bell__panel')) continue;
        // An open menu panel hangs below the header on purpose; closed, its entries are part of the bar.
        const panel = child.closest('[data-menu-panel]');
        if (panel && document.querySelector(`[aria-controls="${panel.id}"][aria-expanded="true"]`)) continue;
        const rect = child.getBoundingClientRect();
        const gaps = { top: rect.top - outer.top, bottom: outer.bottom - rect.bottom, left: rect.left - outer.left, right: outer.right - rect.right };
        const touching = Object.entries(gaps).filter(([, gap]) => gap < MIN_GAP);
        if (touching.length > 0)
          problems.push(`${name}: ${describe(child)} touches the ${touching.map(([side, gap]) => `${side} edge (${Math.round(gap)}px)`).join(', ')}`);
      }
    }

    const logo = document.querySelector('header.site-header .brand svg');
    if (logo) {
      const rect = logo.getBoundingClientRect();
      if (Math.abs(rect.width - rect.height) > TOLERANCE || rect.width < 24)
        problems.push(`the logo is squashed to ${Math.round(rect.width)}×${Math.round(rect.height)}px`);
    }
    return problems;
  }, footer);
}

/**
 * The navigation entries of the header that the reader cannot see: off the
 * window or hidden inside a clipping (scrolling) row. Entries the spec hides
 * on narrow screens on purpose (§2: the guest header keeps one landing link)
 * are left out.
 */
export function unreachableEntries(page: Page): Promise<{ hrefs: string[]; all: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const narrow = viewport < 768;
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('header nav a[href]')).filter(
      (link) => !(narrow && link.classList.contains('nav-link--mobile-hidden')),
    );
    const all = [...new Set(links.map((link) => link.getAttribute('href')!))];
    const seen = (link: HTMLAnchorElement) => {
      const rect = link.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2 || getComputedStyle(link).visibility === 'hidden') return false;
      if (rect.left < -1 || rect.right > viewport + 1 || rect.bottom < 0 || rect.top > window.innerHeight) return false;
      for (let parent = link.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) return false;
      }
      return true;
    };
    const hrefs = all.filter((href) => !links.some((link) => link.getAttribute('href') === href && seen(link)));
    return { hrefs, all };
  });
}

/**
 * What a reader notices on the open dialog at the current width, on top of the page's own checks: the
 * dialog off the window's sides, a dialog taller than the window that cannot be scrolled to its last
 * control, a dialog with no name, and a text area squeezed to a sliver of the dialog.
 */
export function dialogProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog[open]')).filter(
      (element) => element.getBoundingClientRect().width > 1,
    );
    if (dialogs.length === 0) return ['no open dialog'];
    const viewport = document.documentElement.clientWidth;
    const TOLERANCE = 1;
    for (const dialog of dialogs) {
      const rect = dialog.getBoundingClientRect();
      const name = dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
      const label = `dialog "${name.trim().slice(0, 40)}"`;
      if (!name.trim()) problems.push('a dialog without a name');
      if (rect.left < -TOLERANCE || rect.right > viewport + TOLERANCE)
        problems.push(`${label} outside the window (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewport}px)`);
      if (rect.width < Math.min(viewport - 32, 300)) problems.push(`${label} only ${Math.round(rect.width)}px wide in a ${viewport}px window`);
      // Taller than the window: something inside or around it must scroll, or its last buttons are out of reach.
      if (rect.bottom > window.innerHeight + TOLERANCE || rect.top < -TOLERANCE) {
        let scrolls = false;
        for (let element: HTMLElement | null = dialog; element; element = element.parentElement) {
          const overflow = getComputedStyle(element).overflowY;
          if ((overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight) scrolls = true;
        }
        const pageScrolls = document.documentElement.scrollHeight > window.innerHeight && getComputedStyle(document.body).overflow !== 'hidden';
        if (!scrolls && !pageScrolls)
          problems.push(`${label} is ${Math.round(rect.height)}px tall in a ${window.innerHeight}px window and does not scroll`);
      }
      const inner = dialog.clientWidth;
      for (const field of Array.from(dialog.querySelectorAll<HTMLElement>('textarea'))) {
        const box = field.getBoundingClientRect();
        if (box.width > 1 && box.width < inner * 0.4)
          problems.push(
            `${label}: a field ${Math.round(box.width)}px wide in a ${inner}px dialog (${field.getAttribute('name') ?? field.tagName.toLowerCase()})`,
          );
      }
    }
    return problems;
  });
}
