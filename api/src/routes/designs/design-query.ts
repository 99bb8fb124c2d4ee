import { API_MESSAGES as M, CATALOG_API_MESSAGES as C } from 'shared/messages';
import { HttpError } from '../../plugins/error-handler';
import { defaultCurrencyFor, isSupportedCurrency } from './currency';
import { translatorFor, type ApiLocale, type Translator } from '../../i18n/server-i18n';
import { isKnownCountry } from './regional-costs';

export type DesignLocale = ApiLocale;

export const TIERS = ['standard', 'premium', 'luxury'] as const;
export type Tier = (typeof TIERS)[number];

export interface DesignQuery {
  featured: boolean | undefined;
  /** Page size (`limit` or `page_size`). */
  limit: number;
  page: number;
  locale: DesignLocale;
  currency: string;
  /** Where the house would be built: scales the estimate to local building costs. */
  country: string | undefined;
  tiers: Tier[];
  roomsMin: number | undefined;
  roomsMax: number | undefined;
  q: string | undefined;
}

export const DEFAULT_LIMIT = 6;
export const MAX_LIMIT = 24;

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[value.length - 1]);
  return typeof value === 'string' ? value : undefined;
}

/** Reads and checks the query of `GET /designs`; throws 422 with one message per bad field. */
/** `callerLocale` is the caller's language (Accept-Language), that of the messages too; the `locale` parameter overrides it for the content. */
export function parseDesignQuery(
  query: Record<string, unknown>,
  callerLocale: DesignLocale,
  t: Translator = translatorFor(callerLocale),
): DesignQuery {
  const errors: Record<string, string[]> = {};

  const featuredRaw = single(query.featured);
  let featured: boolean | undefined;
  if (featuredRaw !== undefined) {
    if (featuredRaw === 'true' || featuredRaw === '1') featured = true;
    else if (featuredRaw === 'false' || featuredRaw === '0') featured = false;
    else errors.featured = [t(C.featured)];
  }

  const limitRaw = single(query.page_size) ?? single(query.limit);
  let limit = DEFAULT_LIMIT;
  if (limitRaw !== undefined) {
    const parsed = /^\d+$/.test(limitRaw) ? Number(limitRaw) : NaN;
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_LIMIT) {
      errors.limit = [t(C.limit, { max: MAX_LIMIT })];
    } else limit = parsed;
  }

  const localeRaw = single(query.locale);
  let locale = callerLocale;
  if (localeRaw !== undefined) {
    if (localeRaw === 'en' || localeRaw === 'fr') locale = localeRaw;
    else errors.locale = [t(C.locale)];
  }

  const currencyRaw = single(query.currency);
  let currency = defaultCurrencyFor(locale);
  if (currencyRaw !== undefined) {
    const code = currencyRaw.trim().toUpperCase();
    if (isSupportedCurrency(code)) currency = code;
    else errors.currency = [t(C.currency)];
  }

  const wholeNumber = (name: 'page' | 'rooms_min' | 'rooms_max', min: number, max: number): number | undefined => {
    const raw = single(query[name]);
    if (raw === undefined || raw === '') return undefined;
    const parsed = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      errors[name] = [t({ page: C.page, rooms_min: C.roomsMin, rooms_max: C.roomsMax }[name], { min, max })];
      return undefined;
    }
    return parsed;
  };
  const page = wholeNumber('page', 1, 10_000) ?? 1;
  const roomsMin = wholeNumber('rooms_min', 1, 100);
  const roomsMax = wholeNumber('rooms_max', 1, 100);

  const tiers: Tier[] = [];
  for (const tier of (single(query.tier) ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)) {
    if ((TIERS as readonly string[]).includes(tier)) tiers.push(tier as Tier);
    else errors.tier = [t(C.tier)];
  }

  const countryRaw = single(query.country)?.trim().toUpperCase();
  let country: string | undefined;
  if (countryRaw) {
    if (isKnownCountry(countryRaw)) country = countryRaw;
    else errors.country = [t(C.country)];
  }

  const qRaw = single(query.q)?.trim();
  const q = qRaw ? qRaw.slice(0, 100) : undefined;

  if (Object.keys(errors).length > 0) throw new HttpError(422, t(M.invalidFields), errors);
  return { featured, limit, page, locale, currency, country, tiers, roomsMin, roomsMax, q };
}
