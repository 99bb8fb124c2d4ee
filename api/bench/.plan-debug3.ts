import { openPostgres } from '../src/db/database';
import { withDatabase } from './bench-data';
import { matchingRequestSql } from '../src/marketplace/project-access';
import { PROJECT_SELECT } from '../src/routes/projects/project-views';
(async () => {
  const db = await openPostgres(withDatabase('postgres://postgres@127.0.0.1:5432/test', 'fundament_plan'), { max: 1 });
  const { rows: s } = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'bench.contractor@example.com'");
  const where = `((${matchingRequestSql('$1')}) OR EXISTS (SELECT 1 FROM invites i WHERE i.project_id = p.id AND i.specialist_id = $1 AND i.status <> 'declined') OR EXISTS (SELECT 1 FROM quotes q WHERE q.project_id = p.id AND q.specialist_id = $1))`;
  for (const q of [`${PROJECT_SELECT} WHERE ${where} ORDER BY p.created_at DESC, p.id LIMIT 12 OFFSET 0`, `SELECT count(*) FROM projects p WHERE ${where}`]) {
    const { rows } = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE) ${q}`, [s[0]!.id]);
    console.log(rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Time|Rows Removed|Sort|Limit/.test(l)).join('\n'));
  }
  await db.close();
})();
