import type { Database } from '../src/db/database';
import { matchingRequestSql } from '../src/marketplace/project-access';
import { PROJECT_SELECT } from '../src/routes/projects/project-views';

/**
 * The two statements `GET /projects` runs for a verified specialist (see
 * routes/projects/index.ts), with the same text and parameters: the page of
 * cards, then the total. Without filters it is the specialist's default view.
 */
export function specialistListingSql(specialistId: string, filters: { category?: string; city?: string } = {}, pageSize = 12) {
  const params: unknown[] = [specialistId];
  const where = [
    `((${matchingRequestSql('$1')}) OR EXISTS (SELECT 1 FROM invites i WHERE i.project_id = p.id AND i.specialist_id = $1 AND i.status <> 'declined') OR EXISTS (SELECT 1 FROM quotes q WHERE q.project_id = p.id AND q.specialist_id = $1))`,
  ];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filters.category) add('p.category = ?', filters.category);
  if (filters.city) add('lower(p.city) = lower(?)', filters.city);
  return {
    page: {
      sql: `${PROJECT_SELECT} WHERE ${where.join(' AND ')}
        ORDER BY p.created_at DESC, p.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      params: [...params, pageSize, 0],
    },
    count: { sql: `SELECT count(*) AS total FROM projects p WHERE ${where.join(' AND ')}`, params },
  };
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
