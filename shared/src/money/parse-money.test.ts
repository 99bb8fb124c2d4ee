import { setupI18n } from '@lingui/core';
import { messages as fr } from '../locales/fr';
import { MONEY_MAX_MINOR, currencyDigits, moneyInputText, moneyProblemMessage, parseMoney, type MoneyReading } from './parse-money';

const ok = (minor: number): MoneyReading => ({ ok: true, minor });
const no = (problem: 'empty' | 'format' | 'decimals' | 'too_large'): MoneyReading => ({ ok: false, problem });
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('currencyDigits', () => {
  it.each([
    ['XAF', 0],
    ['EUR', 2],
    ['USD', 2],
  ])('%s has %i minor digits', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });
});

// [typed, locale, currency, reading]
const TABLE: [string, string, string, MoneyReading][] = [
  // Plain figures read the same everywhere.
  ['1500', 'en', 'XAF', ok(1500)],
  ['1500', 'fr', 'XAF', ok(1500)],
  ['1500', 'en', 'EUR', ok(150_000)],
  ['1500', 'fr', 'USD', ok(150_000)],
  ['0', 'en', 'EUR', ok(0)],
  ['007', 'en', 'XAF', ok(7)],
  // French: spaces of every kind group, the comma is the decimal mark.
  ['1 500,50', 'fr', 'EUR', ok(150_050)],
  [`1${NBSP}500,5`, 'fr', 'EUR', ok(150_050)],
  [`1${NNBSP}500${NNBSP}000`, 'fr', 'XAF', ok(1_500_000)],
  ['2 000 000', 'fr', 'XAF', ok(2_000_000)],
  ['1500,50', 'fr', 'USD', ok(150_050)],
  ['  12,3  ', 'fr-FR', 'EUR', ok(1230)],
  ['12.30', 'fr', 'EUR', ok(1230)],
  // English: commas group in threes, the dot is the decimal mark.
  ['1,500.50', 'en', 'EUR', ok(150_050)],
  ['1,500.50', 'en-GB', 'USD', ok(150_050)],
  ['1,500,000', 'en', 'XAF', ok(1_500_000)],
  [`1${NBSP}500.5`, 'en', 'EUR', ok(150_050)],
  ['0.05', 'en', 'USD', ok(5)],
  // "1.500" is 1.5 written with three decimals in both languages: more than the currency has.
  ['1.500', 'en', 'EUR', no('decimals')],
  ['1.500', 'fr', 'EUR', no('decimals')],
  ['1.500', 'en', 'XAF', no('decimals')],
  ['1.500', 'fr', 'XAF', no('decimals')],
  ['1.50', 'en', 'EUR', ok(150)],
  ['1,50', 'fr', 'EUR', ok(150)],
  ['1500.5', 'en', 'XAF', no('decimals')],
  ['1500,5', 'fr', 'XAF', no('decimals')],
  ['12.345', 'en', 'USD', no('decimals')],
  ['12,345', 'fr', 'USD', no('decimals')],
  // Not numbers, whatever JavaScript's Number() would make of them.
  ['0x10', 'en', 'XAF', no('format')],
  ['0x10', 'fr', 'EUR', no('format')],
  ['0b11', 'en', 'XAF', no('format')],
  ['0o17', 'fr', 'XAF', no('format')],
  ['1e3', 'en', 'EUR', no('format')],
  ['1E3', 'fr', 'XAF', no('format')],
  ['-5', 'en', 'EUR', no('format')],
  ['+5', 'fr', 'EUR', no('format')],
  ['Infinity', 'en', 'EUR', no('format')],
  ['NaN', 'en', 'EUR', no('format')],
  ['12a', 'en', 'EUR', no('format')],
  ['ten', 'fr', 'EUR', no('format')],
  ['١٢', 'en', 'XAF', no('format')],
  ['€12', 'en', 'EUR', no('format')],
  ['.5', 'en', 'EUR', no('format')],
  ['5.', 'en', 'EUR', no('format')],
  ['1..5', 'en', 'EUR', no('format')],
  // Group marks where they cannot be.
  ['1,5', 'en', 'EUR', no('format')],
  ['15,00', 'en', 'EUR', no('format')],
  ['1,500', 'fr', 'XAF', no('decimals')],
  ['1.500,50', 'fr', 'EUR', no('format')],
  ['1,500.50', 'fr', 'EUR', no('format')],
  ['1.500,50', 'en', 'EUR', no('format')],
  // Nothing typed.
  ['', 'en', 'EUR', no('empty')],
  [`  ${NBSP} `, 'fr', 'XAF', no('empty')],
  // Beyond what any amount may be.
  ['10000000001', 'en', 'EUR', no('too_large')],
  ['1000000000001', 'fr', 'XAF', no('too_large')],
  ['99999999999999999999999', 'en', 'XAF', no('too_large')],
  ['10 000 000 000,00', 'fr', 'EUR', ok(MONEY_MAX_MINOR)],
];

describe('parseMoney', () => {
  it.each(TABLE)('reads %j (%s, %s)', (typed, locale, currency, reading) => {
    expect(parseMoney(typed, currency, locale)).toEqual(reading);
  });

  it('covers both languages and every currency', () => {
    for (const locale of ['en', 'fr']) {
      for (const currency of ['XAF', 'EUR', 'USD']) {
        expect(TABLE.some(([, l, c]) => l.startsWith(locale) && c === currency)).toBe(true);
      }
    }
  });

  it('gives exact minor units where floating point would not', () => {
    expect(parseMoney('0.29', 'EUR', 'en')).toEqual(ok(29));
    expect(parseMoney('1 234 567,89', 'EUR', 'fr')).toEqual(ok(123_456_789));
    expect(parseMoney('9,007,199,254.99', 'USD', 'en')).toEqual(ok(900_719_925_499));
  });
});

describe('moneyProblemMessage', () => {
  const french = setupI18n({ locale: 'fr', messages: { fr } });
  const english = setupI18n({ locale: 'en', messages: { en: {} } });

  it.each([
    ['format', 'EUR', 'en', 'Please enter the amount in figures, for example 1,500.50.'],
    ['format', 'XAF', 'en', 'Please enter the amount in figures, for example 1,500.'],
    ['decimals', 'XAF', 'en', 'XAF amounts have no decimals.'],
    ['decimals', 'EUR', 'en', 'EUR amounts have at most 2 decimals.'],
    ['empty', 'EUR', 'en', 'Please enter an amount.'],
    ['too_large', 'EUR', 'en', 'This amount is too large.'],
    ['format', 'EUR', 'fr', `Veuillez saisir le montant en chiffres, par exemple 1${NNBSP}500,50.`],
    ['format', 'XAF', 'fr', `Veuillez saisir le montant en chiffres, par exemple 1${NNBSP}500.`],
    ['decimals', 'XAF', 'fr', 'Les montants en XAF n’ont pas de décimales.'],
    ['decimals', 'USD', 'fr', 'Les montants en USD ont au plus 2 décimales.'],
  ] as const)('says %s for %s in %s', (problem, currency, locale, text) => {
    const i18n = locale === 'fr' ? french : english;
    expect(i18n._(moneyProblemMessage(problem, currency, locale))).toBe(text);
  });
});

describe('moneyInputText', () => {
  it.each([
    [150_050, 'EUR', 'fr', '1500,50'],
    [150_050, 'EUR', 'en', '1500.50'],
    [5, 'USD', 'en', '0.05'],
    [1_500_000, 'XAF', 'fr', '1500000'],
    [null, 'EUR', 'en', ''],
  ] as const)('shows %p %s in %s as %j', (minor, currency, locale, text) => {
    expect(moneyInputText(minor, currency, locale)).toBe(text);
  });

  it('is read back to the same amount in every language and currency', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 12_345, 150_050, 999_999_999, MONEY_MAX_MINOR];
    for (const locale of ['en', 'fr']) {
      for (const currency of ['XAF', 'EUR', 'USD']) {
        for (const minor of amounts) expect(parseMoney(moneyInputText(minor, currency, locale), currency, locale)).toEqual(ok(minor));
      }
    }
  });
});
