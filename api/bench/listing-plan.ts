import type { Database } from '../src/db/database';
import { projectListingQuery, type ListingStatement } from '../src/routes/projects/project-listing';
import { LISTING_FILTERS } from './bench-data';

/**
 * The statement `GET /projects` runs for a verified specialist (page and total
 * together), built by the route's own code. Without filters it is the
 * specialist's default view.
 */
export function specialistListingSql(specialistId: string, filters: { category?: string; city?: string } = {}, pageSize = 12): ListingStatement {
  return projectListingQuery(specialistId, 'specialist', { ...filters, page: 1, page_size: pageSize });
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
   * Rows of the projects table the scans read (an index-only scan reads only those the
   * visibility map sends it to), and how many rows of projects the statement kept.
   */
  projectsRead: number;
  projectsKept: number;
  /** Projects in the listing (its total), and on the page. */
  total: number;
  pageSize: number;
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
export async function explain(db: Database, statement: string, { statement: { text: sql }, params }: ListingStatement): Promise<PlanSummary> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const { rows: lines } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
  const { rows: answer } = await db.query<{ total: string }>(sql, params);
  const pageSize = Number(params.at(-2));
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
      projectsRead += node['Node Type'] === 'Index Only Scan' ? (node['Heap Fetches'] ?? 0) * loops : kept + removed;
    }
  });
  return {
    statement,
    seqScans: [...seqScans],
    indexes: [...indexes],
    executionMs: plan['Execution Time'],
    projectsRead,
    projectsKept,
    total: Number(answer[0]?.total ?? 0),
    pageSize,
    sortInputs: sortInputs.sort((a, b) => b - a),
    text: lines.map((line) => line['QUERY PLAN']).join('\n'),
  };
}

/** The plans of the specialist's listing, filtered (trade and city of the bench) and not. */
export async function listingPlans(
  db: Database,
  specialistId: string,
  filters: { category: string; city: string } = LISTING_FILTERS,
): Promise<PlanSummary[]> {
  return [
    await explain(db, 'category + city', specialistListingSql(specialistId, filters)),
    await explain(db, 'no filter', specialistListingSql(specialistId)),
  ];
}

/**
 * What is wrong with a listing plan, empty when nothing: reading projects in
 * full, sorting more rows than the viewer's own (twice the total, for the
 * projects both matching and quoted on, and a page), or reading more than a
 * twentieth of the projects table.
 */
export function planProblems(plan: PlanSummary, tableRows: number): string[] {
  const problems: string[] = [];
  if (plan.seqScans.includes('projects')) problems.push('reads projects in full');
  const sorted = plan.sortInputs[0] ?? 0;
  if (sorted > 2 * plan.total + plan.pageSize) problems.push(`sorts ${sorted} rows for a listing of ${plan.total}`);
  if (plan.projectsRead > tableRows / 20) problems.push(`reads ${plan.projectsRead} of ${tableRows} projects`);
  return problems;
}
