import * as v from 'valibot';
import { isCalendarDate } from './calendar-date';
import { ProjectSchema } from './project-schemas';

describe('isCalendarDate', () => {
  it.each(['2026-01-31', '2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '0001-01-01'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-1',
    '2026-01-01T00:00',
    ' 2026-01-01',
    '0000-01-01',
  ])('refuses %s', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });

  it('is the project start date rule', () => {
    const project = {
      title: 'Roof repair',
      description: 'Replace the broken tiles of the roof.',
      category: 'roofing',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    };
    expect(v.safeParse(ProjectSchema, { ...project, desired_start: '2026-02-30' }).success).toBe(false);
    expect(v.safeParse(ProjectSchema, { ...project, desired_start: '2026-03-02' }).success).toBe(true);
  });
});
