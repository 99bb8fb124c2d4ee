import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from 'shared/query';
import { isHydrated } from '../features/common/early-presses';
import { AppProviders } from './app-providers';
import type { createAppRouter } from './create-app-router';

type AppRouter = ReturnType<typeof createAppRouter>;

function AfterRender({ onDone }: { onDone?: () => void }) {
  useEffect(() => onDone?.(), [onDone]);
  return null;
}

/**
 * The page as both the prerender and the hydrating shell render it: the same
 * tree, so `useId` values (which follow the tree's shape) are the same too.
 * `onHydrated` runs once the page is the browser's.
 */
export function shellPage(router: AppRouter, options: { client?: QueryClient; onHydrated?: () => void } = {}) {
  return (
    <AppProviders client={options.client}>
      <RouterProvider router={router} />
      <AfterRender onDone={options.onHydrated} />
    </AppProviders>
  );
}

/**
 * Build-time prerendering (scripts/prerender.mjs) opens each public page in a
 * browser with this flag set, waits for the page, then asks for its HTML.
 */
interface PrerenderWindow {
  __FUNDAMENT_PRERENDER__?: boolean;
  __fundamentRenderHtml?: () => Promise<string>;
}

export function isPrerendering(): boolean {
  return (window as PrerenderWindow).__FUNDAMENT_PRERENDER__ === true;
}

/**
 * The page as React's server renderer writes it, from the live router once
 * the page has loaded: Suspense markers and `useId` values are the ones
 * hydration expects, and queries render as not yet loaded (an empty cache),
 * as they are in the visitor's first render. Nothing of a user is in it: the
 * prerendering browser is signed out and its API calls are left unanswered.
 */
export function exposePrerender(router: AppRouter, settled: () => Promise<void>): void {
  (window as PrerenderWindow).__fundamentRenderHtml = async () => {
    await settled();
    const { renderToString } = await import('react-dom/server');
    return renderToString(shellPage(router, { client: createQueryClient() }));
  };
}

/**
 * The prerender makes the page's controls read-only or disabled until
 * hydration (`data-until-hydrated` names the attribute it added), so a form
 * is never sent by the browser itself and nothing typed is lost. Each is
 * released once React owns it: its page's code may arrive after the rest of
 * the page has hydrated. A control React never adopts stays held; the checks
 * stop after `giveUpMs`.
 */
export function enableFormsWhenHydrated(root: ParentNode, giveUpMs = 30_000): void {
  const started = Date.now();
  const check = () => {
    for (const element of root.querySelectorAll('[data-until-hydrated]')) {
      if (!isHydrated(element)) continue;
      const attribute = element.getAttribute('data-until-hydrated');
      if (attribute === 'disabled' || attribute === 'readonly') element.removeAttribute(attribute);
      element.removeAttribute('data-until-hydrated');
    }
    if (root.querySelector('[data-until-hydrated]') && Date.now() - started < giveUpMs) window.setTimeout(check, 50);
  };
  check();
}
