import { openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { recreateDatabase, seedBenchData, analyze, withDatabase, LISTING_FILTERS } from './bench-data';
import { specialistListingSql } from './listing-plan';
(async () => {
  const server = 'postgres://postgres@127.0.0.1:5432/test';
  await recreateDatabase(server, 'fundament_plan');
  const db = await openPostgres(withDatabase(server, 'fundament_plan'), { max: 1 });
  await migrate(db);
  const { specialistId } = await seedBenchData(db, { projects: 100000, users: 10000, designs: 2000 });
  await analyze(db);
  const sql = specialistListingSql(specialistId, LISTING_FILTERS);
  for (const s of [sql.page, sql.count]) {
    const { rows } = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
    console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  console.log(specialistId);
  await db.close();
})();
