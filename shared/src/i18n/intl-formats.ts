/*
 * Intl formatters, one per language and options, kept for the page's life.
 * Building one costs far more than formatting with it (a phone spent some 70
 * ms of a signed-in start-up building date formats for one list of cards), and
 * a page only ever uses a handful of combinations.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(formats: Map<string, T>, locale: string, options: object, create: () => T): T {
  // Options are written literally at each call site, so their keys come in one order; an undefined option is left out, as Intl ignores it.
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // A constructor that throws (an unknown currency) caches nothing: the caller's fallback runs each time.
    format = create();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * Builds a language's first formatters ahead of the page. The first Intl
 * object a page builds loads the browser's locale data, 20 to 50 ms on a
 * desktop and four times that on a phone, in whatever task asks first: done
 * while the page still waits for its session and code, it is no longer part
 * of the render that shows the first dates and amounts.
 */
export function prepareFormats(locale: string): void {
  dateTimeFormat(locale, { dateStyle: 'medium' });
  numberFormat(locale);
}
