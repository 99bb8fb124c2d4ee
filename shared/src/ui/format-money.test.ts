import { formatMoney as rawFormat, formatMoneyRange as rawRange, moneyInputValue, parseMoneyInput } from './format-money';

// Intl separates with no-break spaces; the comparison is about the digits and symbols.
const plain = (text: string | null) => text && text.replace(/\s/g, ' ');
const formatMoney = (...args: Parameters<typeof rawFormat>) => plain(rawFormat(...args));
const formatMoneyRange = (...args: Parameters<typeof rawRange>) => plain(rawRange(...args));

describe('formatMoney', () => {
  it('divides by the currency minor digits: none for XAF, two for EUR', () => {
    expect(formatMoney(3_000_000, 'XAF', 'en')).toBe('FCFA 3,000,000');
    expect(formatMoney(125_050, 'EUR', 'en')).toBe('€1,250.50');
    expect(formatMoney(125_000, 'EUR', 'en')).toBe('€1,250');
  });

  it('follows the locale', () => {
    expect(formatMoney(125_050, 'EUR', 'fr')).toBe('1 250,50 €');
  });

  it('formats a range, or the one known side', () => {
    expect(formatMoneyRange(100_00, 200_00, 'EUR', 'en')).toBe('€100 – €200');
    expect(formatMoneyRange(null, 200_00, 'EUR', 'en')).toBe('€200');
    expect(formatMoneyRange(null, null, 'EUR', 'en')).toBeNull();
  });
});

describe('parseMoneyInput', () => {
  it('reads what people type into minor units', () => {
    expect(parseMoneyInput('2 000 000', 'XAF')).toBe(2_000_000);
    expect(parseMoneyInput('1250,5', 'EUR')).toBe(125_050);
    expect(parseMoneyInput('1,250.50', 'EUR')).toBe(125_050);
    expect(parseMoneyInput('12a', 'EUR')).toBeNull();
    // Read by the one money parser: never JavaScript's Number(), which takes these as 16, 3 and 1000.
    for (const text of ['0x10', '0b11', '1e3']) expect(parseMoneyInput(text, 'XAF')).toBeNull();
    expect(moneyInputValue(125_050, 'EUR')).toBe('1250.50');
  });
});
