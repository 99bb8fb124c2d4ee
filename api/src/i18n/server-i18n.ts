import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { messages as en } from 'shared/locales/en';
import { messages as fr } from 'shared/locales/fr';

export const API_LOCALES = ['en', 'fr'] as const;
export type ApiLocale = (typeof API_LOCALES)[number];
export const DEFAULT_API_LOCALE: ApiLocale = 'en';

export function isApiLocale(value: unknown): value is ApiLocale {
  return typeof value === 'string' && (API_LOCALES as readonly string[]).includes(value);
}

/** One activated lingui instance per language, loaded once with the shared catalog. */
const instances = new Map<ApiLocale, I18n>(
  API_LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: locale === 'fr' ? fr : en } })]),
);

export type Translator = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string;

export function translatorFor(locale: ApiLocale): Translator {
  const i18n = instances.get(locale) ?? instances.get(DEFAULT_API_LOCALE)!;
  return (descriptor, values) => i18n._({ ...descriptor, ...(values ? { values } : {}) });
}

/**
 * The caller's language from `Accept-Language` (`fr-CA,fr;q=0.9,en;q=0.8`):
 * the supported language with the highest weight, English otherwise.
 */
export function localeFromHeader(header: string | undefined): ApiLocale {
  if (!header) return DEFAULT_API_LOCALE;
  let best: { locale: ApiLocale; weight: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isApiLocale(language)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { locale: language, weight };
  }
  return best?.locale ?? DEFAULT_API_LOCALE;
}
