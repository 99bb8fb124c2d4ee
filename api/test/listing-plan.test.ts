import { openTestDatabase } from './test-app';
import { analyze, seedBenchData } from '../bench/bench-data';
import { listingPlans, planProblems, type PlanSummary } from '../bench/listing-plan';
import type { Database } from '../src/db/database';

/*
 * The benchmark's plan check on a smaller marketplace: the specialist's request
 * list, filtered by trade and city and not, is one statement that reads only
 * indexes and the specialist's own rows, never the whole projects table. A page
 * whose total the instance remembers reads about a page of rows from each trade
 * and city the specialist serves, however many requests there are in all.
 * What an instance reads to keep an area's first requests reads indexes too.
 */
const PROJECTS = 20_000;

let db: Database;
let drop: () => Promise<void>;
let plans: PlanSummary[];

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase({ migrated: true }));
  const { specialistId } = await seedBenchData(db, { projects: PROJECTS, users: 2_000, designs: 10 });
  await analyze(db);
  plans = await listingPlans(db, specialistId);
  for (const plan of plans) console.log(`${plan.statement}: ${plan.total} listed, ${plan.projectsRead} project rows read\n${plan.text}`);
}, 180_000);
afterAll(async () => drop());

const plan = (name: string) => plans.find((candidate) => candidate.statement === name)!;

it.each(['category + city', 'no filter'])('a page of the %s listing reads a page of rows per area, not the whole listing', (name) => {
  const page = plan(name);
  expect(page.counted).toBe(false);
  expect(page.total).toBeGreaterThan(2 * page.pageBudget);
  expect(page.projectsRead).toBeLessThanOrEqual(page.pageBudget);
  expect(page.projectsKept).toBeGreaterThanOrEqual(page.pageSize);
  expect(planProblems(page, PROJECTS)).toEqual([]);
});

it.each(['category + city', 'no filter', 'category + city, counted', 'no filter, counted'])(
  'the %s listing reads its rows through indexes, and sorts only its own',
  (name) => {
    const plan = plans.find((candidate) => candidate.statement === name)!;
    expect(plan.total).toBeGreaterThan(plan.pageSize);
    expect(plan.seqScans).not.toContain('projects');
    expect(plan.indexes.some((index) => index.startsWith('projects_'))).toBe(true);
    expect(planProblems(plan, PROJECTS)).toEqual([]);
  },
);

it.each(['kept area, trade + city', 'kept area, whole country'])('the read of a %s uses indexes: its count, then its first cards', (name) => {
  const area = plan(name);
  expect(area.total).toBeGreaterThan(0);
  expect(area.seqScans).not.toContain('projects');
  expect(area.indexes.some((index) => index.startsWith('projects_'))).toBe(true);
  // The count's entries, then at most the cards kept, each read once more for its card.
  expect(area.projectsRead).toBeLessThanOrEqual(area.total + 2 * Math.min(area.total, area.pageSize));
  expect(planProblems(area, PROJECTS)).toEqual([]);
});
