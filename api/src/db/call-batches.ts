/**
 * Calls to the database that come while others are in flight wait, and go
 * together in one call once one of those ends; so do the calls handed over in
 * the same turn of the event loop. Under load each batch shares a round trip,
 * a transaction and its commit; a call that comes alone goes alone, one turn
 * of the event loop later, as it would without a batcher. Group commit, done
 * where the calls are made.
 */

/** What one call of a batch came to. */
export type Outcome<Result> = { ok: Result } | { error: Error };

export interface BatcherOptions<Item, Result> {
  /**
   * Several calls in one: each one's outcome, in the order of `items`. Throws
   * when the batch failed as a whole, having done nothing.
   */
  runMany(items: Item[]): Promise<Outcome<Result>[]>;
  /** One call alone: a batch of one, and each call of a batch that failed as a whole, again. */
  runOne(item: Item): Promise<Result>;
  /**
   * Calls with the same key never share a batch, nor run while another call with it is in flight
   * (two calls with one idempotency key: the second waits for the first's answer).
   */
  keyOf(item: Item): string;
  /** The most calls in one batch. */
  maxItems: number;
  /** The most batches in flight at once; calls that come meanwhile wait. */
  maxInFlight: number;
}

/** The parameters of several calls of one statement as one array per parameter (for `unnest`). */
export function columnsOf(calls: readonly (readonly unknown[])[]): unknown[][] {
  return (calls[0] ?? []).map((_, index) => calls.map((params) => params[index]));
}

/**
 * A batch statement's rows as its calls' outcomes, in the calls' order: each
 * row names its call's place in `n` (from 1, as `WITH ORDINALITY` counts).
 */
export async function outcomesByPlace<Row extends { n: number }, Result>(
  rows: readonly Row[],
  outcomeOf: (row: Row) => Outcome<Result> | Promise<Outcome<Result>>,
): Promise<Outcome<Result>[]> {
  const outcomes: Outcome<Result>[] = [];
  for (const row of rows) outcomes[row.n - 1] = await outcomeOf(row);
  return outcomes;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function createBatcher<Item, Result>(options: BatcherOptions<Item, Result>): (item: Item) => Promise<Result> {
  let waiting: Waiting<Item, Result>[] = [];
  let inFlight = 0;
  /** The keys of the calls in flight: one call a key at a time. */
  const keysInFlight = new Set<string>();

  /** The oldest calls that can go together; the rest keep their places. */
  const take = () => {
    const keys = new Set<string>();
    const batch: Waiting<Item, Result>[] = [];
    const left: Waiting<Item, Result>[] = [];
    for (const call of waiting) {
      const key = options.keyOf(call.item);
      if (batch.length < options.maxItems && !keys.has(key) && !keysInFlight.has(key)) {
        keys.add(key);
        batch.push(call);
      } else {
        left.push(call);
      }
    }
    waiting = left;
    for (const key of keys) keysInFlight.add(key);
    return { batch, keys };
  };

  const alone = async (call: Waiting<Item, Result>) => {
    try {
      call.resolve(await options.runOne(call.item));
    } catch (error) {
      call.reject(error);
    }
  };

  const run = async (batch: Waiting<Item, Result>[]) => {
    if (batch.length === 1) return alone(batch[0]!);
    let outcomes: Outcome<Result>[];
    try {
      outcomes = await options.runMany(batch.map((call) => call.item));
    } catch {
      // Nothing of the batch happened: each call runs again on its own, one after the other, and
      // meets its own fate (the error that failed the batch included).
      for (const call of batch) await alone(call);
      return;
    }
    batch.forEach((call, index) => {
      const outcome = outcomes[index] ?? { error: new Error('The batch answered without this call') };
      if ('ok' in outcome) call.resolve(outcome.ok);
      else call.reject(outcome.error);
    });
  };

  const pump = () => {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const { batch, keys } = take();
      // Every call waiting repeats a key in flight: they go once those calls have answered.
      if (batch.length === 0) return;
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        for (const key of keys) keysInFlight.delete(key);
        pump();
      });
    }
  };

  // The calls handed over in one turn of the event loop (the requests one read of the sockets
  // brought) are counted before any goes: they share a batch instead of the first going alone.
  let pumpScheduled = false;
  const pumpNextTurn = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pumpNextTurn();
    });
}
