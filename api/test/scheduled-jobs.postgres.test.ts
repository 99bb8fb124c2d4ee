import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';

/*
 * Three instances on one database, as three machines behind a balancer: each
 * periodic task (payment recovery, escrow timers, the ledger check, the
 * digest, the cleanup) runs once per period in all, not once per instance.
 * The periods are shortened to a minute, the finest a cron schedule has.
 */

const PERIODIC = ['payins.reconcile', 'escrow.timers', 'ledger.check', 'conversations.digest', 'cleanup.expired', 'mail.daily-digest'];
const jobs = { ...loadConfig({ NODE_ENV: 'test' }).jobs, schedules: Object.fromEntries(PERIODIC.map((name) => [name, '* * * * *'])) };

let first: TestApp;
const others: SecondInstance[] = [];
const runs: Array<{ kind: string; instance: number; at: number }> = [];

beforeAll(async () => {
  first = await createTestApp({ jobs });
  others.push(await secondInstance(first, { jobs }), await secondInstance(first, { jobs }));
  [first.app, ...others.map((other) => other.app)].forEach((app, instance) =>
    app.jobs.events.onDone.push((kind) => runs.push({ kind, instance, at: Date.now() })),
  );
}, 180_000);
afterAll(async () => {
  for (const other of others) await other.close();
  await first.close();
});

it('runs each periodic task once per period across three instances', async () => {
  // Two whole periods: the cron tick is noticed within 30 s of the minute (pg-boss's cron monitor), then taken within a poll.
  const nextMinute = Math.ceil(Date.now() / 60_000) * 60_000;
  const until = nextMinute + 60_000 + 45_000;
  await new Promise((resolve) => setTimeout(resolve, until - Date.now()));

  for (const kind of PERIODIC) {
    const ofKind = runs.filter((run) => run.kind === kind && run.at >= nextMinute);
    const perMinute = new Map<number, number>();
    for (const run of ofKind) perMinute.set(Math.floor(run.at / 60_000), (perMinute.get(Math.floor(run.at / 60_000)) ?? 0) + 1);
    // Both minutes came, and each brought one run of the task, whichever instance took it.
    expect({ kind, minutes: perMinute.size }).toEqual({ kind, minutes: 2 });
    expect({ kind, runs: [...perMinute.values()] }).toEqual({ kind, runs: [1, 1] });
  }
}, 200_000);
