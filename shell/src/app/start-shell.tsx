import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { activateLocale, initialLocale, loadSharedCatalog, prepareFormats, registerCatalog, type Locale } from 'shared/i18n';
import { followStartupData } from 'shared/reference';
import { browserStorage, startSession, STORAGE_KEYS } from 'shared/session';
import { findRoute, type RouteEntry } from 'shared/routing';
import type { RemoteRoutesComponent } from 'shared/remote';
import { loadRemoteModule, preloadRoute } from '../features/common/load-remote-module';
import { loadRemotesConfig } from '../features/common/remotes-config';
import { loadClientHeader } from '../features/chrome/client-header-loader';
import { primeRemoteSlot } from '../features/common/remote-slot';
import { guardRemoteVersions } from '../features/common/version-guard';
import { createAppRouter } from './create-app-router';
import { AppProviders } from './app-providers';
import { loadShellCatalog } from './catalog';
import { enableFormsWhenHydrated, exposePrerender, isPrerendering, shellPage } from './prerender-hook';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The language of the server's prerendered page in the root, or undefined for the empty shell page. */
function prerenderedLocale(container: HTMLElement): string | undefined {
  return container.dataset.prerendered || undefined;
}

/** Whether the browser holds a client's or an admin's session. */
function holdsSession(kind: 'client' | 'admin'): boolean {
  return Boolean(browserStorage().getItem(kind === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.clientToken));
}

/** A signed-in visitor's pages are never the prerendered ones (their header and redirects differ). */
function hasStoredSession(): boolean {
  return holdsSession('client') || holdsSession('admin');
}

/** Whether the browser holds the session a signed-in route asks for, so its page is the one that will be drawn. */
function holdsSessionFor(route: RouteEntry | undefined): boolean {
  return Boolean(route?.auth && holdsSession(route.auth));
}

/** Resolves once the router has run the first navigation's loaders (the guard), as the prerender's router had. */
function routerSettled(router: AppRouter): Promise<void> {
  if (router.state.initialized && router.state.navigation.state === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
}

/** The pages a client signs in from. */
const SIGN_IN_PAGES = new Set(['Login', 'VerifyEmail', 'SocialCallback', 'SocialLinkConfirm']);

/** Runs `task` at the browser's next quiet moment (within `timeoutMs`), or after a short delay without requestIdleCallback (Safari). */
function whenIdle(task: () => void, timeoutMs = 2000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}

/**
 * Loads what the prerendered page was made of (the route's remote and its
 * messages), so the first client render equals the server HTML, then hydrates
 * it. False, with nothing rendered, when that cannot be done (the remote is
 * down, or was built without `preload`): the caller renders on the client,
 * with the remote's fallback when it is down.
 */
async function hydratePrerendered(container: HTMLElement, route: RouteEntry & { remote: NonNullable<RouteEntry['remote']> }): Promise<boolean> {
  const pending = loadRemoteModule(route.remote);
  // Whatever happens, the page's slot renders with this load's outcome rather than loading again.
  primeRemoteSlot(route.remote, 'Routes', pending);
  try {
    const module = await pending;
    const { preload } = module.default as Partial<RemoteRoutesComponent>;
    if (typeof preload !== 'function') return false;
    await preload();
  } catch {
    return false;
  }
  const router = createAppRouter();
  await routerSettled(router);
  // A guard redirect means the visitor is not on the page the server sent.
  if (router.state.location.pathname !== window.location.pathname) {
    router.dispose();
    return false;
  }
  // Start-up data may change what the page shows, and no public page needs it to draw: it is asked for once
  // the server HTML has been adopted and the browser has a quiet moment, so its requests, parsing and the
  // renders it causes stay out of the start-up's main-thread work.
  // As a transition, React adopts the page in slices of a few milliseconds and lets the browser in between,
  // instead of one long task; a click or key press meanwhile is still handled first (selective hydration).
  startTransition(() => {
    hydrateRoot(container, shellPage(router, { onHydrated: () => whenIdle(followStartupData) }));
  });
  enableFormsWhenHydrated(container);
  return true;
}

/**
 * Boot order: locale and remotes configuration in parallel with the session
 * start-up; the router is created only once the session state is known, so
 * the guard never sees a half-loaded state (docs/product.md §4). A public page the
 * server sent prerendered in the visitor's language is hydrated instead of
 * drawn again.
 */
export async function startShell(container: HTMLElement): Promise<void> {
  // Before any remote's federation instance exists, so the guard runs inside each of them.
  guardRemoteVersions();
  const locale: Locale = initialLocale();
  registerCatalog('shared', loadSharedCatalog, locale).catch(() => undefined);
  registerCatalog('shell', loadShellCatalog, locale).catch(() => undefined);
  const localeReady = activateLocale(locale).catch((error: unknown) => {
    console.warn('Messages could not be loaded; showing the source language', error);
  });
  const route = findRoute(window.location.pathname);
  // The page's remote starts loading as soon as its address is known, in parallel with the session start-up; its
  // messages need the language first (a signed-in page's follow below, a prerendered page's in hydratePrerendered).
  const remotesReady = loadRemotesConfig().then(() => preloadRoute(route, { page: false }));
  const sessionReady = startSession();
  // From a sign-in page the next stop is the client's dashboard: its remote and page load while the
  // visitor types (or while the e-mail link is checked), not one after the other once they are in.
  if (route && SIGN_IN_PAGES.has(route.name))
    void Promise.all([localeReady, remotesReady]).then(() => whenIdle(() => preloadRoute(findRoute('/main/dashboard'))));
  // A returning client's header (its own chunk) loads with the rest, so the first signed-in paint has its chrome.
  const chromeReady = holdsSession('client') ? loadClientHeader().catch(() => undefined) : undefined;

  const prerendered = prerenderedLocale(container);
  if (prerendered === locale && route?.remote && !hasStoredSession() && !isPrerendering()) {
    await Promise.all([localeReady, remotesReady]);
    const { redirectTo } = await sessionReady;
    if (!redirectTo && (await hydratePrerendered(container, { ...route, remote: route.remote }))) return;
  }

  await localeReady;
  // A signed-in page's messages and code, now that its language is known: left to the page's first render, they
  // were asked for after the session answered, and the code only once the messages had come, a round trip each.
  if (holdsSessionFor(route)) void remotesReady.then(() => preloadRoute(route));
  // What the server sent into the root before React takes it: the start-up page (index.html) or a prerendered page.
  const sent = container.innerHTML;
  const root: Root = createRoot(container);
  // Reference book, plans and localization (docs/product.md §4): loaded now, again on a language change, never blocking.
  // (Never while prerendering: the page's HTML must not depend on data the hydrating page does not have yet.)
  if (!isPrerendering()) followStartupData();
  // The providers mount now, while the session and the remotes load, so the page's own render later only adds to
  // them: left to that render, Lighthouse's blocking time on /main/projects rose (median 1.8 s against 1.3 s, nine
  // runs each). What they show meanwhile is the start-up page the server sent, its header bar and wheel, unchanged.
  // Over a prerendered page nothing is rendered yet: its content stays in view until the page is drawn.
  if (!prerendered) {
    root.render(
      <AppProviders>
        {/* The server's own markup (shell/src/index.html), with nothing of the visitor's in it. */}
        <div dangerouslySetInnerHTML={{ __html: sent }} />
      </AppProviders>,
    );
    // In a task of its own, while the session and the page's code are on their way.
    setTimeout(() => prepareFormats(locale), 0);
  }

  const { redirectTo } = await sessionReady;
  if (redirectTo) window.history.replaceState(null, '', redirectTo);
  await Promise.all([remotesReady, chromeReady]);

  const router = createAppRouter();
  // A transition too: the first render of a page drawn here (signed in, or no prerender) is done in short slices.
  startTransition(() => root.render(shellPage(router)));
  if (isPrerendering()) exposePrerender(router, () => routerSettled(router));
}
