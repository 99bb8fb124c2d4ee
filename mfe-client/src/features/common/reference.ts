// Every screen of the area uses the form look and the area's own classes.
import 'shared/forms';
import './client.css';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { referenceBookAtom, localizationAtom } from 'shared/reference';
import { clientUserAtom } from 'shared/session';
import { formatDate, formatMoney, formatMoneyCompact, formatMoneyRange } from 'shared/ui';

// The reference book's names are the shared hook's (the admin area shows them too).
export { useReferenceNames } from 'shared/reference';

/** Money and dates in the page's language. */
export function useFormatters() {
  const { i18n } = useLingui();
  const book = useAtomValue(referenceBookAtom);
  const locale = i18n.locale || 'en';
  const digits = (currency: string) => book?.currencies.find((item) => item.code === currency)?.minor_digits;
  return {
    locale,
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale, digits(currency)),
    /** A short figure for tight spaces such as a chart's axis. */
    compactMoney: (amount: number, currency: string) => formatMoneyCompact(amount, currency, locale, digits(currency)),
    range: (min: number | null, max: number | null, currency: string) => formatMoneyRange(min, max, currency, locale),
    date: (iso: string) => formatDate(iso, locale),
  };
}

/**
 * The viewer's country: a signed-in user's own (kept as an ISO code), else
 * the one the localization answer guessed from the connection.
 */
export function useViewerCountry(): string | undefined {
  const user = useAtomValue(clientUserAtom);
  const info = useAtomValue(localizationAtom);
  const own = user && typeof user.country === 'string' ? user.country.trim().toUpperCase() : '';
  return own || info?.country || undefined;
}

/** The viewer's currency for estimates: that of the viewer's country, else the localization answer's, else by language. */
export function useViewerCurrency(): string {
  const book = useAtomValue(referenceBookAtom);
  const country = useViewerCountry();
  const info = useAtomValue(localizationAtom);
  const { i18n } = useLingui();
  return book?.countries.find((item) => item.code === country)?.currency || info?.currency || (i18n.locale === 'fr' ? 'EUR' : 'USD');
}
