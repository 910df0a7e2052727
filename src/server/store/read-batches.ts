// Hot reads by key (a hero by id, a player, a player's inventory), defined once like a prepared statement.
// On SQLite a read is its statement with `= ?`, run at once. On PostgreSQL reads are sent together: those asked in
// one turn of the event loop go as one statement (`= any($1)`, each key once) at the turn's end, while fewer than
// `inFlight` statements of their kind are under way (one, by default); otherwise they wait with the others that come
// meanwhile, and go as one when a statement returns. Under light load a read waits for nothing but its own turn;
// under heavy load one round trip answers many requests instead of one each (GET /api/heroes/{id} on PostgreSQL,
// 50 connections, the server on one core: 43–47% of a bare route's rate when the first read of a turn went at once,
// 56–60% sent at the turn's end). Never a cache: a read joins only a statement not yet sent, so it sees every write
// acknowledged before it came.
import type { Store } from './db.ts';
import { allRows, prepared, type Prepared } from './prepared.ts';

/**
 * Statements of one kind under way at once on PostgreSQL, by default. One makes the larger batches: under load
 * (bench:api reads, PostgreSQL, 50 connections) one hero 44% → 56% of the bare route, one player 48% → 59%, the
 * inventory 34% → 38%, the hero list as it was (55%); two statements answered no sooner, each with fewer keys.
 */
export const IN_FLIGHT = 1;

/** Reads the rows of one key, or of several; rows are shared by the reads of a batch: treat them as read-only. */
export interface KeyedRead<Row> {
  (store: Store, key: string): Promise<Row[]>;
  /** The rows of each of `keys` (a key with none is missing; the map may hold other keys of the same batch). */
  many(store: Store, keys: readonly string[]): Promise<Map<string, Row[]>>;
}

/**
 * A read by key. `sqlOf(match, dialect)` is the statement with `match` where the key is compared (`= ?`, `in (…)`
 * or `= any(?)`), in that database's SQL; `keyOf` tells whose a row is; `inFlight` is how many statements of this read may be under way at
 * once on PostgreSQL (a share of the pool, so other work still finds connections).
 */
export function keyedRead<Row>(
  sqlOf: (match: string, dialect: 'sqlite' | 'postgres') => string,
  keyOf: (row: Row) => string,
  inFlight = IN_FLIGHT,
): KeyedRead<Row> {
  const one = prepared(sqlOf('= ?', 'sqlite'));
  const some = prepared(
    sqlOf('in (select value from json_each(?))', 'sqlite'),
    sqlOf('= any(?::text[])', 'postgres'),
  );
  const batches = new WeakMap<Store, ReadBatches<Row>>();
  const batchesOf = (store: Store) => {
    let b = batches.get(store);
    if (!b) batches.set(store, (b = new ReadBatches(store, some, keyOf, inFlight)));
    return b;
  };
  const read = (store: Store, key: string) =>
    store.sqlite
      ? allRows<Row>(store, one, [key])
      : batchesOf(store)
          .read([key])
          .then((m) => m.get(key) ?? []);
  read.many = async (store: Store, keys: readonly string[]) =>
    store.sqlite
      ? byKey(await allRows<Row>(store, some, [JSON.stringify(keys)]), keyOf)
      : batchesOf(store).read(keys);
  return read;
}

function byKey<Row>(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

interface Waiting<Row> {
  keys: readonly string[];
  resolve(rows: Map<string, Row[]>): void;
  reject(err: unknown): void;
}

/** What goes in one statement: its values, the reads it answers, and how its rows are found by key. */
interface Batch<Row> {
  values: unknown[];
  readers: Waiting<Row>[];
  found(rows: Row[]): Map<string, Row[]>;
}

/**
 * Statements of one kind on PostgreSQL, at most `inFlight` under way at once: when a slot is free, `next()` says
 * what the next statement carries (undefined: nothing waits).
 */
class Slots<Row> {
  private running = 0;
  private sending = false;

  constructor(
    private readonly store: Store,
    private readonly q: Prepared,
    private readonly inFlight: number,
    private readonly next: () => Batch<Row> | undefined,
  ) {}

  /**
   * Sends the next statement if a slot is free, once the event loop has taken in all it has been handed this turn
   * (setImmediate: after the poll phase, before the next). Under load, a turn brings many requests at once: they go
   * in one statement, where sending the first at once sent one statement for it and one for the rest.
   */
  kick(): void {
    if (this.sending || this.running >= this.inFlight) return;
    this.sending = true;
    setImmediate(this.send);
  }

  /** Sends what waits, a statement a free slot. */
  private readonly send = (): void => {
    this.sending = false;
    let batch: Batch<Row> | undefined;
    while (this.running < this.inFlight && (batch = this.next())) this.run(batch);
  };

  private run(batch: Batch<Row>): void {
    this.running++;
    const settled = () => {
      this.running--;
      this.kick();
    };
    allRows<Row>(this.store, this.q, batch.values).then(
      (rows) => {
        const found = batch.found(rows);
        for (const r of batch.readers) r.resolve(found);
        settled();
      },
      (err: unknown) => {
        for (const r of batch.readers) r.reject(err);
        settled();
      },
    );
  }
}

/** Keyed reads: everything waiting goes as one statement, each key once. */
class ReadBatches<Row> {
  private waiting: Waiting<Row>[] = [];
  private readonly slots: Slots<Row>;

  constructor(store: Store, q: Prepared, keyOf: (row: Row) => string, inFlight: number) {
    this.slots = new Slots(store, q, inFlight, () => {
      if (this.waiting.length === 0) return undefined;
      const readers = this.waiting;
      this.waiting = [];
      const keys = [...new Set(readers.flatMap((w) => w.keys))];
      return { values: [keys], readers, found: (rows) => byKey(rows, keyOf) };
    });
  }

  /** The rows of `keys` by key, from a statement sent after this call. */
  read(keys: readonly string[]): Promise<Map<string, Row[]>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ keys, resolve, reject });
      this.slots.kick();
    });
  }
}

/** Shared reads: those waiting with the same values go as one statement, the first values that came first. */
class SharedQueue<Row> {
  private readonly waiting = new Map<string, { values: unknown[]; readers: Waiting<Row>[] }>();
  private readonly slots: Slots<Row>;

  constructor(store: Store, q: Prepared, inFlight: number) {
    this.slots = new Slots(store, q, inFlight, () => {
      const first = this.waiting.entries().next();
      if (first.done) return undefined;
      const [key, { values, readers }] = first.value;
      this.waiting.delete(key);
      return { values, readers, found: (rows) => new Map([['', rows]]) };
    });
  }

  read(values: unknown[]): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      const key = JSON.stringify(values);
      let same = this.waiting.get(key);
      if (!same) this.waiting.set(key, (same = { values, readers: [] }));
      same.readers.push({ keys: [], resolve: (m) => resolve(m.get('') ?? []), reject });
      this.slots.kick();
    });
  }
}

/**
 * A read that cannot be merged with others (a page, say) but can be shared: on PostgreSQL, while `inFlight` of its
 * statements are under way, a read waits, and every read that came meanwhile with the same values gets the rows
 * of one statement sent when a slot frees. As with keyedRead, a read joins only a statement not yet sent. On
 * SQLite the statement runs at once.
 */
export function sharedRead<Row>(
  q: Prepared,
  inFlight = IN_FLIGHT,
): (store: Store, values: unknown[]) => Promise<Row[]> {
  const queues = new WeakMap<Store, SharedQueue<Row>>();
  return (store, values) => {
    if (store.sqlite) return allRows<Row>(store, q, values);
    let queue = queues.get(store);
    if (!queue) queues.set(store, (queue = new SharedQueue(store, q, inFlight)));
    return queue.read(values);
  };
}
