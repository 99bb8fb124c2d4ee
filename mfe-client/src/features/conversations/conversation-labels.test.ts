import { formatDay } from './conversation-labels';

describe('formatDay', () => {
  const now = new Date(2026, 11, 2, 10, 0);

  it('writes French days and months in lower case, as French does', () => {
    expect(formatDay(new Date(2026, 10, 29, 9, 0).toISOString(), 'fr', now)).toBe('dimanche 29 novembre');
  });

  it('keeps the capitals English writes', () => {
    expect(formatDay(new Date(2026, 10, 29, 9, 0).toISOString(), 'en', now)).toBe('Sunday, November 29');
  });

  it('starts today and yesterday with a capital, alone on their line', () => {
    expect(formatDay(new Date(2026, 11, 2, 8, 0).toISOString(), 'fr', now)).toBe('Aujourd’hui');
    expect(formatDay(new Date(2026, 11, 1, 8, 0).toISOString(), 'en', now)).toBe('Yesterday');
  });
});
