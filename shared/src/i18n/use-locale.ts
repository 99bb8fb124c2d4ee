import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { activateLocale } from './catalogs';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';

/** The active locale and a switcher that loads every mounted package's messages before re-rendering. */
export function useLocale(): [Locale, (locale: Locale) => Promise<void>] {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const setLocale = useCallback((next: Locale) => activateLocale(next), []);
  return [locale, setLocale];
}
