import { openTestDatabase } from './test-app';
import { migrate } from '../src/db/migrate';
import { analyze, seedBenchData } from '../bench/bench-data';
import { listingPlans, planProblems, type PlanSummary } from '../bench/listing-plan';
import type { Database } from '../src/db/database';

/*
 * The benchmark's plan check on a smaller marketplace: the specialist's request
 * list, filtered by trade and city and not, is one statement that reads only
 * indexes and the specialist's own rows, never the whole projects table.
 */
const PROJECTS = 20_000;

let db: Database;
let drop: () => Promise<void>;
let plans: PlanSummary[];

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  const { specialistId } = await seedBenchData(db, { projects: PROJECTS, users: 2_000, designs: 10 });
  await analyze(db);
  plans = await listingPlans(db, specialistId);
  for (const plan of plans) console.log(`${plan.statement}: ${plan.total} listed, ${plan.projectsRead} project rows read\n${plan.text}`);
}, 180_000);
afterAll(async () => drop());

it.each(['category + city', 'no filter'])('the %s listing reads its rows through indexes, and sorts only its own', (name) => {
  const plan = plans.find((candidate) => candidate.statement === name)!;
  expect(plan.total).toBeGreaterThan(plan.pageSize);
  expect(plan.seqScans).not.toContain('projects');
  expect(plan.indexes.some((index) => index.startsWith('projects_'))).toBe(true);
  expect(planProblems(plan, PROJECTS)).toEqual([]);
});
