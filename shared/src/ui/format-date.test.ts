import { formatDate, formatDateTime } from './format-date';

describe('dates in the reader’s language', () => {
  it('shows a calendar date on its own day, in English and in French', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'fr')).toBe('1 mars 2026');
  });

  it('shows an instant with its time, and nothing for a missing or broken value', () => {
    expect(formatDateTime('2026-03-01T14:05:00.000Z', 'en')).toMatch(/^Mar 1, 2026, \d{1,2}:05/);
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });
});
