import type { Database } from '../src/db/database';
import { projectListingQuery } from '../src/routes/projects/project-listing';

/**
 * The two statements `GET /projects` runs for a verified specialist, built by
 * the route's own code: the page of cards, then the total. Without filters it
 * is the specialist's default view.
 */
export function specialistListingSql(specialistId: string, filters: { category?: string; city?: string } = {}, pageSize = 12) {
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
  Plans?: PlanNode[];
}

export interface PlanSummary {
  statement: string;
  /** Tables read in full. */
  seqScans: string[];
  /** Indexes the plan reads, with the table they belong to. */
  indexes: string[];
  executionMs: number;
  /** Rows of projects the scans read, and how many of them the statement kept. */
  projectsRead: number;
  projectsKept: number;
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of one statement: which tables it scans in full and which indexes it uses. */
export async function explain(db: Database, statement: string, sql: string, params: unknown[]): Promise<PlanSummary> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    params,
  );
  const [plan] = rows[0]!['QUERY PLAN'];
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  let projectsRead = 0;
  let projectsKept = 0;
  walk(plan.Plan, (node) => {
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
  };
}
