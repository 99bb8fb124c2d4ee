const formats = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the reader's language from its ISO 3166 code
 * ("CM" → "Cameroon", "Cameroun"). Anything that is not a code is shown as
 * it is, so an unexpected value is never hidden.
 */
export function countryName(code: string | null | undefined, locale: string): string {
  const value = (code ?? '').trim();
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  let names = formats.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    formats.set(locale, names);
  }
  return names.of(value.toUpperCase()) ?? value;
}
