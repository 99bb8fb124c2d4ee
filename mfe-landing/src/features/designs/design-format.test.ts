import { formatCostRange, tierSigns, viewerCurrency } from './design-format';

describe('tierSigns', () => {
  it('shows Standard, Premium and Luxury as $, $$ and $$$', () => {
    expect(tierSigns('standard')).toBe('$');
    expect(tierSigns('premium')).toBe('$$');
    expect(tierSigns('luxury')).toBe('$$$');
  });
});

describe('viewerCurrency', () => {
  it("uses the region of the browser's first language that names a known one", () => {
    expect(viewerCurrency(['fr-CM', 'fr'])).toBe('XAF');
    expect(viewerCurrency(['en', 'en-GB'])).toBe('GBP');
    expect(viewerCurrency(['fr'])).toBeUndefined();
  });
});

describe('formatCostRange', () => {
  it('turns minor units into whole amounts of the currency', () => {
    expect(formatCostRange('en', 'USD', 7_340_000, 9_180_000)).toBe('$73,400 – $91,800');
  });
  it('treats XAF as having no minor unit', () => {
    expect(formatCostRange('en', 'XAF', 44_610_000, 55_760_000)).toMatch(/44,610,000/);
  });
});
