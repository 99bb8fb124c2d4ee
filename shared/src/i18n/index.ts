export { LOCALES, DEFAULT_LOCALE, LOCALE_LABELS, isLocale, readStoredLocale, storeLocale, LOCALE_COOKIE, initialLocale } from './locale';
export type { Locale } from './locale';
export { registerCatalog, activateLocale, currentLocale, isCatalogLoaded } from './catalogs';
export type { CatalogLoader } from './catalogs';
export { CatalogGate } from './catalog-gate';
export { useLocale } from './use-locale';
export { loadSharedCatalog } from './shared-catalog';
export { countryName } from './country-name';
export { dateTimeFormat, numberFormat, prepareFormats } from './intl-formats';
