import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * A short list until the reference book provides countries: the diaspora's
 * home countries first in mind, then where most of it lives. Codes are ISO 3166-1.
 */
const COUNTRIES: readonly { code: string; name: MessageDescriptor }[] = [
  { code: 'BE', name: msg`Belgium` },
  { code: 'BJ', name: msg`Benin` },
  { code: 'BF', name: msg`Burkina Faso` },
  { code: 'CM', name: msg`Cameroon` },
  { code: 'CA', name: msg`Canada` },
  { code: 'CD', name: msg`Democratic Republic of the Congo` },
  { code: 'CG', name: msg`Republic of the Congo` },
  { code: 'CI', name: msg`Côte d’Ivoire` },
  { code: 'FR', name: msg`France` },
  { code: 'GA', name: msg`Gabon` },
  { code: 'DE', name: msg`Germany` },
  { code: 'GH', name: msg`Ghana` },
  { code: 'GN', name: msg`Guinea` },
  { code: 'KE', name: msg`Kenya` },
  { code: 'LU', name: msg`Luxembourg` },
  { code: 'ML', name: msg`Mali` },
  { code: 'MA', name: msg`Morocco` },
  { code: 'NG', name: msg`Nigeria` },
  { code: 'RW', name: msg`Rwanda` },
  { code: 'SN', name: msg`Senegal` },
  { code: 'CH', name: msg`Switzerland` },
  { code: 'TG', name: msg`Togo` },
  { code: 'TN', name: msg`Tunisia` },
  { code: 'GB', name: msg`United Kingdom` },
  { code: 'US', name: msg`United States` },
];

const collators = new Map<string, Intl.Collator>();

/**
 * The countries as select options, named and sorted in the active language.
 * One collator per language: `localeCompare` with a locale builds a collator
 * for each comparison, and the form asks on every render.
 */
export function countryOptions(i18n: I18n): { value: string; label: string }[] {
  let collator = collators.get(i18n.locale);
  if (!collator) {
    collator = new Intl.Collator(i18n.locale);
    collators.set(i18n.locale, collator);
  }
  const byName = collator.compare;
  return COUNTRIES.map(({ code, name }) => ({ value: code, label: i18n._(name) })).sort((a, b) => byName(a.label, b.label));
}
