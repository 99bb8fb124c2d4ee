import { caretAfterGrouping, groupAmountText } from './group-amount';
import { parseMoney } from './parse-money';

const NNBSP = '\u202f';

describe('groupAmountText', () => {
  it.each([
    ['fr', '3000000', `3${NNBSP}000${NNBSP}000`],
    ['fr', '1500,5', `1${NNBSP}500,5`],
    ['fr', '1500.5', `1${NNBSP}500.5`],
    ['fr', `3${NNBSP}000 0`, `30${NNBSP}000`],
    ['en', '3000000', '3,000,000'],
    ['en', '1500.50', '1,500.50'],
    ['en', '999', '999'],
    ['en', '', ''],
  ])('groups a plain amount in %s: %j → %j', (locale, typed, shown) => {
    expect(groupAmountText(typed, locale)).toBe(shown);
  });

  it('regroups as digits are added or removed between the marks it put', () => {
    expect(groupAmountText('1,2345', 'en', '1,234')).toBe('12,345');
    expect(groupAmountText('1,34', 'en', '1,234')).toBe('134');
  });

  it('leaves alone an English comma the user typed, and whatever is not an amount, for the field to explain', () => {
    expect(groupAmountText('1,5', 'en', '1')).toBe('1,5');
    expect(groupAmountText('12a', 'en')).toBe('12a');
    expect(groupAmountText('1e3', 'fr')).toBe('1e3');
    expect(groupAmountText('1.5.', 'en')).toBe('1.5.');
  });

  it('shows what the amount parser reads as the same amount', () => {
    for (const [locale, typed] of [
      ['fr', '3000000,25'],
      ['en', '3000000.25'],
    ] as const) {
      const plain = parseMoney(typed, 'EUR', locale);
      expect(parseMoney(groupAmountText(typed, locale), 'EUR', locale)).toEqual(plain);
      expect(plain).toEqual({ ok: true, minor: 300_000_025 });
    }
  });
});

describe('caretAfterGrouping', () => {
  it('keeps the caret after the digit just typed when a group mark appears before it', () => {
    // "1,234" with "9" typed after "1,": the caret follows the 9.
    const next = groupAmountText('1,9234', 'en', '1,234');
    expect(next).toBe('19,234');
    expect(caretAfterGrouping('1,9234', 3, next, 'en')).toBe(2);
  });

  it('keeps the caret at the end while typing at the end', () => {
    const next = groupAmountText('1000', 'fr');
    expect(caretAfterGrouping('1000', 4, next, 'fr')).toBe(next.length);
  });

  it('leaves the caret where it was when the text is left as typed', () => {
    expect(caretAfterGrouping('1,5', 2, '1,5', 'en')).toBe(2);
  });
});
