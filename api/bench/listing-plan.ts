import type { Database } from '../src/db/database';
import { projectListingQuery, type ListingStatement } from '../src/routes/projects/project-listing';
import { REQUEST_CACHE, areaQuery } from '../src/routes/projects/request-cache';
import { BENCH_SPECIALIST, LISTING_FILTERS } from './bench-data';

/**
 * The statement `GET /projects` runs for a verified specialist, built by the
 * route's own code: the page alone while the instance remembers the total, the
 * page and the total together when it does not. Without filters it is the
 * specialist's default view.
 */
export function specialistListingSql(
  specialistId: string,
  filters: { category?: string; city?: string } = {},
  { count = false, pageSize = 12 }: { count?: boolean; pageSize?: number } = {},
): ListingStatement {
  return projectListingQuery(specialistId, 'specialist', { ...filters, page: 1, page_size: pageSize }, { count });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

export interface PlanSummary {
  statement: string;
  /** Tables read in full. */
  seqScans: string[];
  /** Indexes the plan reads, with the table they belong to. */
  indexes: string[];
  executionMs: number;
  /**
   * Rows of the projects table the scans read, index entries included (what an
   * index scan returns and what its filter drops), and how many the statement kept.
   */
  projectsRead: number;
  projectsKept: number;
  /** Projects in the listing (its total), and on the page. */
  total: number;
  pageSize: number;
  /** Whether the statement counts the listing too, or only reads its page. */
  counted: boolean;
  /**
   * For a page alone: the most project rows it may read, a page from each trade
   * and city the specialist serves (the view's areas) and the page's own rows.
   */
  pageBudget: number;
  /** Rows each Sort of the plan was given, largest first. */
  sortInputs: number[];
  /** The plan as EXPLAIN prints it. */
  text: string;
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** EXPLAIN ANALYZE of one statement: which tables it scans in full, which indexes it uses, what it sorts. */
export async function explain(
  db: Database,
  statement: string,
  { statement: { text: sql }, params, pageSize, counted }: ListingStatement,
  { total, areas }: { total: number; areas: number },
): Promise<PlanSummary> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const { rows: lines } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
  const [plan] = rows[0]!['QUERY PLAN'];
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  let projectsRead = 0;
  let projectsKept = 0;
  const sortInputs: number[] = [];
  walk(plan.Plan, (node) => {
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      const input = node.Plans?.[0];
      sortInputs.push((input?.['Actual Rows'] ?? 0) * (input?.['Actual Loops'] ?? 1));
    }
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name']);
    if (node['Index Name']) indexes.add(node['Index Name']);
    if (node['Relation Name'] === 'projects') {
      const loops = node['Actual Loops'] ?? 1;
      // EXPLAIN gives these per loop.
      const kept = (node['Actual Rows'] ?? 0) * loops;
      const removed = ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * loops;
      projectsKept += kept;
      projectsRead += kept + removed;
    }
  });
  return {
    statement,
    seqScans: [...seqScans],
    indexes: [...indexes],
    executionMs: plan['Execution Time'],
    projectsRead,
    projectsKept,
    total,
    pageSize,
    counted,
    pageBudget: pageSize * (areas + 1),
    sortInputs: sortInputs.sort((a, b) => b - a),
    text: lines.map((line) => line['QUERY PLAN']).join('\n'),
  };
}

/** How many trade-and-city areas of the specialist a view covers (a trade served in the whole country is one). */
async function areasOf(db: Database, specialistId: string, filters: { category?: string; city?: string }): Promise<number> {
  const { rows } = await db.query<{ areas: number }>(
    `SELECT (SELECT count(DISTINCT c) FROM unnest(categories) c WHERE $2::text IS NULL OR c = $2)::int
            * greatest(1, (SELECT count(DISTINCT x) FROM unnest(service_cities) x WHERE $3::text IS NULL OR lower(x) = lower($3)))::int AS areas
       FROM specialist_profiles WHERE user_id = $1`,
    [specialistId, filters.category ?? null, filters.city ?? null],
  );
  return rows[0]?.areas ?? 0;
}

/**
 * The plans of the specialist's listing, filtered (trade and city of the bench)
 * and not: each page as most requests read it (the total remembered), then the
 * page with its total as a request that has to count runs it.
 */
export async function listingPlans(
  db: Database,
  specialistId: string,
  filters: { category: string; city: string } = LISTING_FILTERS,
): Promise<PlanSummary[]> {
  const plans: PlanSummary[] = [];
  for (const [name, view] of [
    ['category + city', filters],
    ['no filter', {}],
  ] as const) {
    const counted = specialistListingSql(specialistId, view, { count: true });
    const { rows } = await db.query<{ total: string }>(counted.statement.text, counted.params);
    const known = { total: Number(rows[0]?.total ?? 0), areas: await areasOf(db, specialistId, view) };
    plans.push(await explain(db, name, specialistListingSql(specialistId, view), known));
    plans.push(await explain(db, `${name}, counted`, counted, known));
  }
  // What an instance reads to keep an area's first requests (see RequestCache): the bench's trade in its
  // city, and in the whole country, as kept for a specialist who serves all of it.
  for (const [name, city] of [
    ['kept area, trade + city', filters.city],
    ['kept area, whole country', null],
  ] as const) {
    const { statement, params } = areaQuery(
      { category: filters.category, country: BENCH_SPECIALIST.country, city },
      undefined,
      'DESC',
      REQUEST_CACHE.depth,
    );
    const { rows } = await db.query<{ total: string }>(statement.text, params);
    const listing = { statement, params, pageSize: REQUEST_CACHE.depth, counted: true };
    plans.push(await explain(db, name, listing, { total: Number(rows[0]?.total ?? 0), areas: 1 }));
  }
  return plans;
}

/**
 * What is wrong with a listing plan, empty when nothing: reading projects in
 * full, a page that reads more than its budget (a page per area and its own
 * rows), sorting more rows than the viewer's own (twice the total, for the
 * projects both matching and quoted on, and a page), or reading more than a
 * twentieth of the projects table.
 */
export function planProblems(plan: PlanSummary, tableRows: number): string[] {
  const problems: string[] = [];
  if (plan.seqScans.includes('projects')) problems.push('reads projects in full');
  if (!plan.counted && plan.projectsRead > plan.pageBudget)
    problems.push(`reads ${plan.projectsRead} project rows for a page (budget ${plan.pageBudget})`);
  const sorted = plan.sortInputs[0] ?? 0;
  if (sorted > 2 * plan.total + plan.pageSize) problems.push(`sorts ${sorted} rows for a listing of ${plan.total}`);
  if (plan.projectsRead > tableRows / 20) problems.push(`reads ${plan.projectsRead} of ${tableRows} projects`);
  return problems;
}
