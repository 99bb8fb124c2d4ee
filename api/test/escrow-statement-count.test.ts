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
  key,
  payOnHostedPage,
  release,
  sandboxPayins,
  startFunding,
  type EscrowParties,
} from './escrow-helpers';
import { openTestDatabase } from './test-app';

/**
 * What a payment costs the database: the statements of one fund and one
 * release, inside transactions the API opens and in all, the card charge and
 * the e-mails included, and the round trips a write makes on the listening
 * connections. Each money movement is one call to the database, a
 * transaction of its own: none is sent inside an API-side transaction. The
 * figures are ceilings: a change that adds a round trip to the busiest
 * requests fails here before it shows in the benchmark.
 */
const CEILINGS = {
  // Were 42 and 44 when each transfer, account and notification took its own statements and the answer's
  // view nine; 18 and 19 with one statement each; then the start (key, lock, checks, intent) and the
  // posting, with the card charged between them in two statements, the e-mails' readers looked up and
  // their outbox written (6), and two more on the listening connections after each plain write. Now the
  // start, the charge, the posting (which names the readers), the e-mails, and the announcement that wakes
  // every instance's job runners for the job the funding queued (instead of their next poll).
  // With the pay-in provider, the funding is two requests of ours: the fund call (the start, then the
  // intent's provider details; 202), and the provider's webhook (the intent looked up by the provider's
  // reference and read whole, the posting, the announcement, the e-mails).
  fundStart: { locked: 0, total: 2, listenerTrips: 0 },
  fundWebhook: { locked: 0, total: 5, listenerTrips: 0 },
  // Were 37 and 38, then 12 and 13, then the release in one call and its e-mails in two; now the e-mails in one,
  // and the job runners' wake-up.
  release: { locked: 0, total: 3, listenerTrips: 0 },
};

/**
 * Not the payment's: the job queue's polling, and the embedded sandbox's own records (a real provider's
 * are on its side of an HTTP call).
 */
const ELSEWHERE = /(pgboss|_jobs)\.|sandbox_payins/;

interface Counts {
  locked: number;
  total: number;
  /** Round trips on the listening connections, which a write makes so the instance hears its own announcements first. */
  listenerTrips: number;
}

/** The database with every statement counted, those inside a transaction apart. */
function counted(db: Database): { db: Database; counts: Counts; statements: string[] } {
  const counts: Counts = { locked: 0, total: 0, listenerTrips: 0 };
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
    async listen(channel, handlers) {
      // The database's own writes wait on this very listener (the same object), so its round trips are counted too.
      const listener = await db.listen(channel, handlers);
      const sync = listener.sync.bind(listener);
      listener.sync = () => {
        counts.listenerTrips += 1;
        return sync();
      };
      return listener;
    },
  };
  return { db: wrapped, counts, statements };
}

let app: FastifyInstance;
let drop: () => Promise<void>;
let measured: ReturnType<typeof counted>;
let parties: EscrowParties;
/** The database itself, for the test's own look-ups. */
let unmeasured: Database;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  measured = counted(opened.db);
  unmeasured = opened.db;
  const config = loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, rateLimits: { ...RELAXED_LIMITS } });
  app = await buildApp({ config, database: measured.db });
  await app.ready();
  parties = await createParties(app, opened.db);
});
afterAll(async () => {
  await app.close();
  await drop();
});

async function measure(call: () => Promise<{ statusCode: number; body: string }>, expected = 200): Promise<Counts & { statements: string[] }> {
  await app.backgroundIdle();
  measured.counts.locked = 0;
  measured.counts.total = 0;
  measured.counts.listenerTrips = 0;
  measured.statements.length = 0;
  const response = await call();
  if (response.statusCode !== expected) throw new Error(response.body);
  // The e-mails go out after the answer: theirs are the payment's statements too.
  await app.backgroundIdle();
  return { ...measured.counts, statements: [...measured.statements] };
}

describe('statements per payment', () => {
  it('funds by card and releases within their ceilings, the money where it belongs', async () => {
    const contractId = await createContract(app, parties);
    const milestoneId = (await getContract(app, parties.client, contractId)).milestones[0]!.id;
    const idempotencyKey = key();
    let redirectUrl = '';
    const starting = await measure(async () => {
      const started = await startFunding(app, parties.client, contractId, milestoneId, idempotencyKey);
      if (started.statusCode === 202) redirectUrl = started.json().payment.redirect_url as string;
      return started;
    }, 202);
    // The client on the provider's page, and the provider preparing its webhook: not ours to count.
    await payOnHostedPage(app, redirectUrl, CARDS.ok);
    const { rows } = await unmeasured.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [
      milestoneId,
    ]);
    const hook = (await sandboxPayins(app).webhookFor(rows[0]!.provider_key))!;
    const funding = await measure(() =>
      app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers: hook.headers, payload: hook.body }),
    );
    expect((await fund(app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
    await complete(app, parties.contractor, contractId, milestoneId);
    await assignExpert(app, parties, contractId);
    await inspect(app, parties.expert, contractId, milestoneId);
    const releasing = await measure(() => release(app, parties.client, contractId, milestoneId));
    // The figures of the last run, for whoever lowers the ceilings.
    const figures = ({ locked, total, listenerTrips }: Counts) => JSON.stringify({ locked, total, listenerTrips });
    process.stdout.write(`fund ${figures(starting)}\n${starting.statements.join('\n')}\n`);
    process.stdout.write(`webhook ${figures(funding)}\n${funding.statements.join('\n')}\n`);
    process.stdout.write(`release ${figures(releasing)}\n${releasing.statements.join('\n')}\n`);
    expect(starting.locked).toBeLessThanOrEqual(CEILINGS.fundStart.locked);
    expect(starting.total).toBeLessThanOrEqual(CEILINGS.fundStart.total);
    expect(starting.listenerTrips).toBeLessThanOrEqual(CEILINGS.fundStart.listenerTrips);
    expect(funding.locked).toBeLessThanOrEqual(CEILINGS.fundWebhook.locked);
    expect(funding.total).toBeLessThanOrEqual(CEILINGS.fundWebhook.total);
    expect(funding.listenerTrips).toBeLessThanOrEqual(CEILINGS.fundWebhook.listenerTrips);
    expect(releasing.locked).toBeLessThanOrEqual(CEILINGS.release.locked);
    expect(releasing.total).toBeLessThanOrEqual(CEILINGS.release.total);
    expect(releasing.listenerTrips).toBeLessThanOrEqual(CEILINGS.release.listenerTrips);
    // The e-mails were counted with the payments that sent them.
    expect(funding.statements.some((statement) => statement.includes('mail_outbox'))).toBe(true);
    expect(releasing.statements.some((statement) => statement.includes('mail_outbox'))).toBe(true);
    const contract = await getContract(app, parties.client, contractId);
    expect(contract.milestones[0]!.status).toBe('released');
    expect(contract.account).toMatchObject({ funded: 1_040_000, held: 0, released: 1_000_000, expert_fees: 25_000, platform_fees: 15_000 });
  });
});
