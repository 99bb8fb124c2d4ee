/**
 * What people mistype in an amount field, and what every amount form must
 * answer: one parser, one reading (quote form, owed amount, dispute split,
 * project budget). Locale, currency, text typed, the message shown (the
 * source-language message: component tests run without loaded catalogs).
 */
export const REFUSED_AMOUNTS = [
  ['en', 'EUR', '1.500', 'EUR amounts have at most 2 decimals.'],
  ['fr', 'EUR', '1.500', 'EUR amounts have at most 2 decimals.'],
  ['en', 'XAF', '1.500', 'XAF amounts have no decimals.'],
  ['fr', 'XAF', '1,500', 'XAF amounts have no decimals.'],
  ['en', 'EUR', '0x10', 'Please enter the amount in figures, for example 1,500.50.'],
  ['en', 'XAF', '1e3', 'Please enter the amount in figures, for example 1,500.'],
  ['fr', 'EUR', '0b11', 'Please enter the amount in figures, for example 1\u202f500,50.'],
  ['en', 'EUR', '1,5', 'Please enter the amount in figures, for example 1,500.50.'],
] as const;
