import { tierSigns, viewerCurrency } from './design-format';

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
