import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
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

/**
 * Builds the routes component a remote exposes: it renders, inside the
 * shell's router, the page for the current route name, once the remote's
 * messages are loaded.
 */
/** The routes component, with what a host must load before hydrating server HTML of it. */
export type RemoteRoutesComponent = ComponentType & {
  /**
   * Loads the remote's messages for the active locale, so a hydrating first
   * render is the page rather than the gate's spinner. Registered through the
   * remote's own copy of the catalog registry, the one its gate reads.
   */
  preload: () => Promise<void>;
};

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
  return RemoteRoutes;
}
