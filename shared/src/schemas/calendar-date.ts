/**
 * Whether `value` is `YYYY-MM-DD` naming a day that exists. `Date.parse`
 * is not enough: it reads 2026-02-30 as the 2nd of March, which PostgreSQL
 * then refuses.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
