import { useEffect, useReducer, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { isCatalogLoaded, registerCatalog, type CatalogLoader } from './catalogs';
import { isLocale, DEFAULT_LOCALE } from './locale';

interface CatalogGateProps {
  /** The package whose catalog this is (`mfe-landing`, …). */
  name: string;
  load: CatalogLoader;
  /** Shown while the catalog loads (the first render of a remote only). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children once the package's messages for the active locale are loaded. */
export function CatalogGate({ name, load, fallback = null, children }: CatalogGateProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const ready = isCatalogLoaded(name, locale);

  useEffect(() => {
    let live = true;
    registerCatalog(name, load).then(
      () => live && rerender(),
      (error: unknown) => {
        // A catalog that cannot load leaves source-language text; the page still works.
        console.warn(`Could not load the ${name} messages for ${locale}`, error);
        if (live) rerender();
      },
    );
    return () => {
      live = false;
    };
  }, [name, load, locale]);

  return <>{ready ? children : fallback}</>;
}
