import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRouteName } from '../routing/use-route-name';
import { CatalogGate } from '../i18n/catalog-gate';
import { registerCatalog, type CatalogLoader } from '../i18n/catalogs';
import { Spinner } from '../ui/spinner';

export interface RemoteRoutesOptions {
  /** The remote's package name, under which its catalog is registered. */
  name: string;
  loadCatalog: CatalogLoader;
  /** Route name (from the shared route table) → page, loaded on demand. */
  pages: Record<string, LazyExoticComponent<ComponentType> | ComponentType>;
  /** Shown for a route of this remote that has no page yet. */
  missing?: ComponentType;
}

/** A page loaded on demand, whose code can also be asked for before its first render. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A page of a remote, loaded when its route is first rendered or earlier
 * through `preload` (which the first render then finds done). A failed load
 * is forgotten, so the next attempt asks again.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: once });
}

/** The routes component, with what a host may load ahead of rendering it. */
export type RemoteRoutesComponent = ComponentType & {
  /**
   * Loads the remote's messages for the active locale, so a hydrating first
   * render is the page rather than the gate's spinner. Registered through the
   * remote's own copy of the catalog registry, the one its gate reads.
   */
  preload: () => Promise<void>;
  /**
   * Starts loading the code of a route's page (a `lazyPage`), so a page drawn
   * on the client does not wait for the host's router to render it first.
   * Resolves at once for a route without such a page.
   */
  preloadPage: (routeName: string) => Promise<void>;
};

/**
 * Builds the routes component a remote exposes: it renders, inside the
 * shell's router, the page for the current route name, once the remote's
 * messages are loaded.
 */
export function createRemoteRoutes({ name, loadCatalog, pages, missing: Missing }: RemoteRoutesOptions): RemoteRoutesComponent {
  function RemoteRoutes() {
    const routeName = useRouteName();
    const Page = routeName ? pages[routeName] : undefined;
    return (
      <CatalogGate name={name} load={loadCatalog} fallback={<Spinner />}>
        <Suspense fallback={<Spinner />}>{Page ? <Page /> : Missing ? <Missing /> : null}</Suspense>
      </CatalogGate>
    );
  }
  RemoteRoutes.displayName = `RemoteRoutes(${name})`;
  RemoteRoutes.preload = () => registerCatalog(name, loadCatalog);
  RemoteRoutes.preloadPage = async (routeName: string) => {
    const page = pages[routeName] as Partial<PreloadablePage> | undefined;
    await page?.preload?.();
  };
  return RemoteRoutes;
}
