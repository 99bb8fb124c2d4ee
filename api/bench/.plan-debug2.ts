import { openPostgres } from '../src/db/database';
import { withDatabase, LISTING_FILTERS } from './bench-data';
import { specialistListingSql } from './listing-plan';
(async () => {
  const db = await openPostgres(withDatabase('postgres://postgres@127.0.0.1:5432/test', 'fundament_plan'), { max: 1 });
  const { rows: s } = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'bench.contractor@example.com'");
  const sql = specialistListingSql(s[0]!.id, LISTING_FILTERS);
  for (const q of [sql.page, sql.count]) {
    const { rows } = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE) ${q.sql}`, q.params);
    console.log(rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Time|Rows Removed|Sort/.test(l)).join('\n'));
  }
  await db.close();
})();
