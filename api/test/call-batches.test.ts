import { createBatcher, type Outcome } from '../src/db/call-batches';

/**
 * The batcher on its own, with calls that only record what they were given:
 * a call alone runs alone, calls that come while others are in flight or in
 * the same turn of the event loop go together, two calls with one key never
 * share a batch nor run at once, and a batch that failed as a whole is run
 * again call by call.
 */

interface Probe {
  batches: string[][];
  singles: string[];
  /** Resolves the batches in flight, oldest first. */
  release(): void;
}

function probe(failBatch = false): Probe & { batcher: (item: { key: string; value: string }) => Promise<string> } {
  const batches: string[][] = [];
  const singles: string[] = [];
  const pending: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => pending.push(resolve));
  const batcher = createBatcher<{ key: string; value: string }, string>({
    async runMany(items) {
      batches.push(items.map((item) => item.value));
      await hold();
      if (failBatch) throw new Error('deadlock detected');
      return items.map((item): Outcome<string> =>
        item.value.startsWith('refused') ? { error: new Error(`no ${item.value}`) } : { ok: `done ${item.value}` },
      );
    },
    async runOne(item) {
      singles.push(item.value);
      await hold();
      if (item.value.startsWith('refused')) throw new Error(`no ${item.value}`);
      return `alone ${item.value}`;
    },
    keyOf: (item) => item.key,
    maxItems: 3,
    maxInFlight: 1,
  });
  return { batches, singles, batcher, release: () => pending.splice(0).forEach((resolve) => resolve()) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

test('a call alone runs alone, and the calls that come meanwhile go together in batches of at most maxItems', async () => {
  const p = probe();
  const first = p.batcher({ key: 'a', value: 'a' });
  await settled();
  const rest = ['b', 'c', 'd', 'e'].map((value) => p.batcher({ key: value, value }));
  await settled();
  expect(p.singles).toEqual(['a']);
  expect(p.batches).toEqual([]);

  p.release();
  await expect(first).resolves.toBe('alone a');
  await settled();
  expect(p.batches).toEqual([['b', 'c', 'd']]);
  p.release();
  await settled();
  // The one left over runs alone once the batch is done.
  expect(p.singles).toEqual(['a', 'e']);
  p.release();
  await expect(Promise.all(rest)).resolves.toEqual(['done b', 'done c', 'done d', 'alone e']);
});

test('the calls handed over in one turn of the event loop go together, even with nothing in flight', async () => {
  const p = probe();
  const calls = ['a', 'b', 'c', 'd'].map((value) => p.batcher({ key: value, value }));
  await settled();
  expect(p.batches).toEqual([['a', 'b', 'c']]);
  expect(p.singles).toEqual([]);
  p.release();
  await settled();
  expect(p.singles).toEqual(['d']);
  p.release();
  await expect(Promise.all(calls)).resolves.toEqual(['done a', 'done b', 'done c', 'alone d']);
});

test('a refused call in a batch is refused alone; the others of its batch succeed', async () => {
  const p = probe();
  const first = p.batcher({ key: 'a', value: 'a' });
  await settled();
  const batch = [p.batcher({ key: 'b', value: 'b' }), p.batcher({ key: 'r', value: 'refused r' }), p.batcher({ key: 'c', value: 'c' })];
  p.release();
  await first;
  await settled();
  p.release();
  const outcomes = await Promise.allSettled(batch);
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['done b', 'no refused r', 'done c']);
});

test('two calls with the same key never share a batch: the second waits for the next', async () => {
  const p = probe();
  const first = p.batcher({ key: 'a', value: 'a' });
  await settled();
  const calls = [p.batcher({ key: 'k', value: 'k1' }), p.batcher({ key: 'k', value: 'k2' }), p.batcher({ key: 'm', value: 'm' })];
  p.release();
  await first;
  await settled();
  expect(p.batches).toEqual([['k1', 'm']]);
  p.release();
  await settled();
  expect(p.singles).toEqual(['a', 'k2']);
  p.release();
  await expect(Promise.all(calls)).resolves.toEqual(['done k1', 'alone k2', 'done m']);
});

test('a call whose key is in a batch in flight waits for that batch to end, even with room for another', async () => {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const batcher = createBatcher<{ key: string; value: string }, string>({
    async runMany(items) {
      log.push(`start ${items.map((item) => item.value).join(' ')}`);
      await new Promise<void>((resolve) => pending.push(resolve));
      log.push(`end ${items.map((item) => item.value).join(' ')}`);
      return items.map((item) => ({ ok: item.value }));
    },
    async runOne(item) {
      log.push(`start ${item.value}`);
      await new Promise<void>((resolve) => pending.push(resolve));
      log.push(`end ${item.value}`);
      return item.value;
    },
    keyOf: (item) => item.key,
    maxItems: 5,
    maxInFlight: 2,
  });
  const first = batcher({ key: 'k', value: 'k1' });
  await settled();
  const later = [batcher({ key: 'k', value: 'k2' }), batcher({ key: 'm', value: 'm' })];
  await settled();
  // Another batch may go meanwhile, without the repeat.
  expect(log).toEqual(['start k1', 'start m']);
  pending.shift()!();
  await first;
  await settled();
  expect(log).toEqual(['start k1', 'start m', 'end k1', 'start k2']);
  pending.splice(0).forEach((resolve) => resolve());
  await expect(Promise.all(later)).resolves.toEqual(['k2', 'm']);
});

test('a batch that failed as a whole runs again call by call, and each call gets its own answer', async () => {
  const p = probe(true);
  const first = p.batcher({ key: 'a', value: 'a' });
  await settled();
  const batch = [p.batcher({ key: 'b', value: 'b' }), p.batcher({ key: 'r', value: 'refused r' })];
  p.release();
  await first;
  await settled();
  expect(p.batches).toEqual([['b', 'refused r']]);
  p.release();
  for (let i = 0; i < 2; i += 1) {
    await settled();
    p.release();
  }
  const outcomes = await Promise.allSettled(batch);
  expect(p.singles).toEqual(['a', 'b', 'refused r']);
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['alone b', 'no refused r']);
});

test('no more batches than maxInFlight run at once', async () => {
  let running = 0;
  let most = 0;
  const batcher = createBatcher<number, number>({
    async runMany(items) {
      running += 1;
      most = Math.max(most, running);
      await settled();
      running -= 1;
      return items.map((item) => ({ ok: item * 2 }));
    },
    async runOne(item) {
      running += 1;
      most = Math.max(most, running);
      await settled();
      running -= 1;
      return item * 2;
    },
    keyOf: String,
    maxItems: 4,
    maxInFlight: 2,
  });
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => batcher(i)));
  expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  expect(most).toBe(2);
});

test('a call the batch answered nothing for is refused, not left waiting', async () => {
  let first = true;
  const batcher = createBatcher<string, string>({
    runMany: async (items) => [{ ok: items[0]! }],
    async runOne(item) {
      if (first) {
        first = false;
        await settled();
      }
      return item;
    },
    keyOf: String,
    maxItems: 5,
    maxInFlight: 1,
  });
  const calls = [batcher('a')];
  await settled();
  calls.push(...['b', 'c', 'd'].map((item) => batcher(item)));
  const outcomes = await Promise.allSettled(calls);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
});
