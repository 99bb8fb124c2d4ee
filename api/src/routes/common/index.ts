import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { errorResponses, LocalizationInfoSchema, PlansSchema, ReferenceBookSchema } from 'shared/contract';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { API_LOCALES, type ApiLocale } from '../../i18n/server-i18n';
import { cachedBody, sendCachedBody, type CachedBody } from '../../web/cached-body';
import { CURRENCIES } from '../designs/currency';
import { CATEGORIES, CATEGORY_GROUPS, COUNTRIES, PLANS, PROJECT_STATUSES, SPECIALIST_KINDS, TRANSACTION_FEE_PERCENT } from './reference-data';

/** Reference data changes with a deployment only: browsers and proxies may keep it for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

function referenceBook(locale: ApiLocale) {
  const countryName = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return {
    countries: COUNTRIES.map((country) => ({
      code: country.code,
      name: countryName.of(country.code) ?? country.code,
      currency: country.currency,
      cities: country.cities,
    })).sort((a, b) => collator.compare(a.name, b.name)),
    category_groups: CATEGORY_GROUPS.map((group) => ({ code: group.code, name: group.labels[locale] })),
    categories: CATEGORIES.map((category) => ({ code: category.code, group: category.group, name: category.labels[locale] })),
    specialist_kinds: SPECIALIST_KINDS.map((kind) => ({ code: kind.code, name: kind.labels[locale] })),
    project_statuses: PROJECT_STATUSES.map((status) => ({ code: status.code, name: status.labels[locale] })),
    currencies: Object.entries(CURRENCIES).map(([code, info]) => ({
      code,
      minor_digits: info.minorDigits,
      name: new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code,
    })),
  };
}

function plans(locale: ApiLocale) {
  return {
    transaction_fee_percent: TRANSACTION_FEE_PERCENT,
    data: PLANS.map((plan) => ({
      code: plan.code,
      audience: plan.audience,
      name: plan.labels[locale],
      monthly_price: plan.monthly_price,
      currency: plan.currency,
      features: plan.features.map((feature) => feature[locale]),
    })),
  };
}

// Built once per language at start-up: these answers are served many times per page view. They are
// sent as ready bytes, never serialised per request, so their schemas are checked here, once.
const REFERENCE_BOOK = new Map(API_LOCALES.map((locale) => [locale, cachedBody(v.parse(ReferenceBookSchema, referenceBook(locale)))]));
const PLANS_BODY = new Map(API_LOCALES.map((locale) => [locale, cachedBody(v.parse(PlansSchema, plans(locale)))]));

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  return sendCachedBody(request, reply, entry, CACHE_CONTROL, 'Accept-Language');
}

const DEFAULT_COUNTRY: Record<ApiLocale, string> = { en: 'US', fr: 'FR' };

/**
 * The visitor's likely country: a country header set by the edge proxy when
 * there is one, else the region of their preferred language (fr-CA → CA).
 */
function guessCountry(request: FastifyRequest): string {
  const known = new Set(COUNTRIES.map((country) => country.code));
  const fromEdge = String(request.headers['cf-ipcountry'] ?? request.headers['x-country-code'] ?? '').toUpperCase();
  if (known.has(fromEdge)) return fromEdge;
  for (const part of String(request.headers['accept-language'] ?? '').split(',')) {
    const region = part.trim().split(';')[0]?.split('-')[1]?.toUpperCase();
    if (region && known.has(region)) return region;
  }
  return DEFAULT_COUNTRY[request.locale];
}

/** `GET /common/reference-book`, `GET /plans`, `GET /localization/info`: what every screen needs, loaded at start-up (docs/product.md §4). */
export const commonRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['reference data'];

  api.get(
    '/common/reference-book',
    {
      schema: {
        tags,
        summary: "Countries, categories, specialist kinds, project statuses and currencies, in the caller's language",
        response: { 200: ReferenceBookSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => sendCached(request, reply, REFERENCE_BOOK.get(request.locale)!),
  );

  api.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'The client offer and the specialist plans, with the platform fee',
        response: { 200: PlansSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => sendCached(request, reply, PLANS_BODY.get(request.locale)!),
  );

  api.get(
    '/localization/info',
    {
      schema: {
        tags,
        summary: "The visitor's likely locale, country and currency",
        response: { 200: LocalizationInfoSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => {
      const country = guessCountry(request);
      const currency = COUNTRIES.find((entry) => entry.code === country)?.currency ?? 'EUR';
      reply.header('Cache-Control', 'private, max-age=3600').header('Vary', 'Accept-Language, CF-IPCountry, X-Country-Code');
      return { locale: request.locale, country, currency };
    },
  );
};
