import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database, PreparedStatement, Queryable } from '../src/db/database';
import { RELAXED_LIMITS } from './accounts-helpers';
import {
  CARDS,
  assignExpert,
  complete,
  createContract,
  createParties,
  fund,
  getContract,
  inspect,
  release,
  type EscrowParties,
} from './escrow-helpers';
import { openTestDatabase } from './test-app';

/**
 * What a payment costs the database: the statements of one fund and one
 * release, inside transactions the API opens and in all. Each money movement
 * is now one call to the database, a transaction of its own: none is sent
 * inside an API-side transaction. The figures are ceilings: a change that
 * adds a round trip to the busiest requests fails here before it shows in
 * the benchmark.
 */
const CEILINGS = {
  // Were 42 and 44 when each transfer, account and notification took its own statements and the answer's
  // view nine; 18 and 19 with one statement each; now the start (key, lock, checks, intent) and the
  // posting, with the card charged between them.
  fund: { locked: 0, total: 2 },
  // Were 37 and 38, then 12 and 13; now the whole release, its guard included, is one call.
  release: { locked: 0, total: 1 },
};

/**
 * Not the payment's: the job queue polling, the sandbox card provider's own
 * table, and the e-mails sent once the answer is out.
 */
const ELSEWHERE = /(pgboss|_jobs)\.|sandbox_charges|mail_outbox|SELECT id, email, first_name, locale FROM users/;

interface Counts {
  locked: number;
  total: number;
}

/** The database with every statement counted, those inside a transaction apart. */
function counted(db: Database): { db: Database; counts: Counts; statements: string[] } {
  const counts: Counts = { locked: 0, total: 0 };
  const statements: string[] = [];
  const note = (sql: string | PreparedStatement, inside: boolean) => {
    const text = typeof sql === 'string' ? sql : sql.text;
    if (ELSEWHERE.test(text)) return;
    counts.total += 1;
    if (inside) counts.locked += 1;
    statements.push(`${inside ? 'tx ' : '   '}${text.replace(/\s+/g, ' ').trim().slice(0, 90)}`);
  };
  const wrap = (target: Queryable, inside: boolean): Queryable => ({
    query: (sql, params) => {
      note(sql, inside);
      return target.query(sql, params);
    },
    exec: (sql) => target.exec(sql),
  });
  const wrapped: Database = {
    ...db,
    ...wrap(db, false),
    transaction: (work) => db.transaction((tx) => work(wrap(tx, true))),
  };
  return { db: wrapped, counts, statements };
}

let app: FastifyInstance;
let drop: () => Promise<void>;
let measured: ReturnType<typeof counted>;
let parties: EscrowParties;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  measured = counted(opened.db);
  const config = loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, rateLimits: { ...RELAXED_LIMITS } });
  app = await buildApp({ config, database: measured.db });
  await app.ready();
  parties = await createParties(app, opened.db);
});
afterAll(async () => {
  await app.close();
  await drop();
});

async function measure(call: () => Promise<{ statusCode: number; body: string }>): Promise<Counts & { statements: string[] }> {
  await app.backgroundIdle();
  measured.counts.locked = 0;
  measured.counts.total = 0;
  measured.statements.length = 0;
  const response = await call();
  if (response.statusCode !== 200) throw new Error(response.body);
  return { ...measured.counts, statements: [...measured.statements] };
}

describe('statements per payment', () => {
  it('funds by card and releases within their ceilings, the money where it belongs', async () => {
    const contractId = await createContract(app, parties);
    const milestoneId = (await getContract(app, parties.client, contractId)).milestones[0]!.id;
    const funding = await measure(() => fund(app, parties.client, contractId, milestoneId, CARDS.ok));
    await complete(app, parties.contractor, contractId, milestoneId);
    await assignExpert(app, parties, contractId);
    await inspect(app, parties.expert, contractId, milestoneId);
    const releasing = await measure(() => release(app, parties.client, contractId, milestoneId));
    // The figures of the last run, for whoever lowers the ceilings.
    process.stdout.write(`fund ${JSON.stringify({ locked: funding.locked, total: funding.total })}\n${funding.statements.join('\n')}\n`);
    process.stdout.write(`release ${JSON.stringify({ locked: releasing.locked, total: releasing.total })}\n${releasing.statements.join('\n')}\n`);
    expect(funding.locked).toBeLessThanOrEqual(CEILINGS.fund.locked);
    expect(funding.total).toBeLessThanOrEqual(CEILINGS.fund.total);
    expect(releasing.locked).toBeLessThanOrEqual(CEILINGS.release.locked);
    expect(releasing.total).toBeLessThanOrEqual(CEILINGS.release.total);
    const contract = await getContract(app, parties.client, contractId);
    expect(contract.milestones[0]!.status).toBe('released');
    expect(contract.account).toMatchObject({ funded: 1_040_000, held: 0, released: 1_000_000, expert_fees: 25_000, platform_fees: 15_000 });
  });
});
