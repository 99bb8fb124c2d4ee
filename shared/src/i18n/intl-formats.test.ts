import { dateTimeFormat, numberFormat, prepareFormats } from './intl-formats';
import { formatDate, formatDateTime } from '../ui/format-date';
import { formatMoney } from '../ui/format-money';

describe('Intl formatters', () => {
  it('keeps one formatter per language and options', () => {
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).toBe(dateTimeFormat('fr', { dateStyle: 'medium' }));
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('fr', { dateStyle: 'long' }));
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).toBe(numberFormat('en', { style: 'currency', currency: 'EUR' }));
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).not.toBe(numberFormat('en', { style: 'currency', currency: 'XAF' }));
  });

  it('builds no formatter per date or amount shown: a list of cards builds each once', () => {
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (let day = 1; day <= 28; day += 1) {
        formatDate(`2031-02-${String(day).padStart(2, '0')}`, 'de');
        formatDateTime(`2031-02-${String(day).padStart(2, '0')}T10:00:00Z`, 'de');
        formatMoney(day * 125_000, 'EUR', 'de');
      }
      expect(dates).toHaveBeenCalledTimes(2);
      // Whole and fractional amounts are written with different fraction digits.
      expect(numbers.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });

  it('prepares the formatters of the first dates a page shows, so drawing them builds none', () => {
    prepareFormats('it');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatDateTime('2031-02-01T10:00:00Z', 'it')).toMatch(/2031/);
      expect(formatDate('2031-02-01T10:00:00Z', 'it')).toBe(dateTimeFormat('it', { dateStyle: 'medium' }).format(new Date('2031-02-01T10:00:00Z')));
      // formatDateTime adds the time of day: its own formatter; the date alone is the prepared one.
      expect(dates).toHaveBeenCalledTimes(1);
    } finally {
      dates.mockRestore();
    }
  });
});
