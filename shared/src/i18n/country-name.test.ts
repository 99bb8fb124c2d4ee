import { countryName } from './country-name';

describe('countryName', () => {
  it('names a country from its code in the reader’s language', () => {
    expect(countryName('CM', 'en')).toBe('Cameroon');
    expect(countryName('CM', 'fr')).toBe('Cameroun');
    expect(countryName('ci', 'fr')).toBe('Côte d’Ivoire');
  });

  it('shows anything else as it is', () => {
    expect(countryName('Atlantis', 'en')).toBe('Atlantis');
    expect(countryName('', 'en')).toBe('');
    expect(countryName(null, 'fr')).toBe('');
  });
});
