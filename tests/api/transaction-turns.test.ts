// A player's economy transactions take turns on an instance before they take a pooled connection
// (src/server/economy/transaction.ts): one player firing many changes at once cannot hold the whole pool waiting on their
// own row lock, so another player's read still gets a connection at once (PostgreSQL; on SQLite one connection
// already runs one transaction at a time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { economyTransaction, inTurn } from '../../src/server/economy/transaction.ts';
import { credit } from '../../src/server/economy/wallet.ts';
import { newPlayer, startHarness, type Harness } from './helpers.ts';

describe('inTurn', () => {
  it('runs work of one key one after another, other keys alongside, and goes on after a failure', async () => {
    const db = {};
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name} end`);
      if (name === 'a2') throw new Error('a2 failed');
      return name;
    };
    const results = await Promise.allSettled([
      inTurn(db, 'a', step('a1', 30)),
      inTurn(db, 'a', step('a2', 10)),
      inTurn(db, 'a', step('a3', 1)),
      inTurn(db, 'b', step('b1', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(log.filter((l) => l.startsWith('a'))).toEqual([
      'a1 start',
      'a1 end',
      'a2 start',
      'a2 end',
      'a3 start',
      'a3 end',
    ]);
    // b did not wait for a.
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
    // A handle's queue is its own: another database handle does not wait.
    let other = false;
    const held = inTurn(db, 'a', () => new Promise((r) => setTimeout(r, 20)));
    await inTurn({}, 'a', async () => (other = true));
    expect(other).toBe(true);
    await held;
  });

  it('lets I/O in between turns: a queue of turns that settle as microtasks does not hold the event loop', async () => {
    const db = {};
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let turnsBeforeTimer = -1;
    let turns = 0;
    const queue = Array.from({ length: 40 }, () =>
      inTurn(db, 'a', async () => {
        busy(2); // a SQLite transaction: synchronous work between microtask hops
        turns++;
      }),
    );
    setTimeout(() => (turnsBeforeTimer = turns), 0);
    await Promise.all(queue);
    // Without a yield the 40 turns (80 ms) would all run before the timer could fire.
    expect(turnsBeforeTimer).toBeGreaterThanOrEqual(1);
    expect(turnsBeforeTimer).toBeLessThan(10);
  });
});

describe('one player’s transactions on PostgreSQL', () => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    h = await startHarness('postgres');
    store = openStore(h.db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  it('hold one pooled connection, so another player’s read is answered while they wait', async () => {
    const busy = await newPlayer(h, 'busy');
    const other = await newPlayer(h, 'other');
    let release!: () => void;
    const holding = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    // The first transaction holds the player's row lock until released; five more of the same player queue up.
    const first = economyTransaction(store.db, { userId: busy.id }, async () => {
      entered();
      await holding;
    });
    await inside;
    const more = Array.from({ length: 5 }, () =>
      economyTransaction(store.db, { userId: busy.id }, async (trx) =>
        trx.updateTable('users').set({ gold: busy.gold }).where('id', '=', busy.id).execute(),
      ),
    );
    // With a pool of two, a read of another player needs the second connection: it must not be stuck behind
    // the busy player's queued transactions waiting on the held lock.
    const read = store.db.selectFrom('users').select('gold').where('id', '=', other.id).executeTakeFirst();
    const answered = await Promise.race([
      read.then(() => 'read answered'),
      new Promise((r) => setTimeout(() => r('read still waiting after 2 s'), 2000)),
    ]);
    release();
    await Promise.all([first, ...more, read]);
    expect(answered).toBe('read answered');
  });
});

describe('transactions on SQLite', () => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    h = await startHarness('sqlite');
    store = openStore(h.db.url);
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  it('of many players take turns in one queue, letting I/O in between, and all commit', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer(h, 'many')));
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let done = 0;
    let doneBeforeTimer = -1;
    const all = players.map((p) =>
      economyTransaction(store.db, { userId: p.id }, async (trx) => {
        busy(3);
        await credit(trx, p.id, { gold: 12_345 - p.gold }, { reason: 'adjustment' });
        done++;
      }),
    );
    setTimeout(() => (doneBeforeTimer = done), 0);
    await Promise.all(all);
    // Their queries settle as microtasks: without a turn between transactions all 20 (60 ms) would run first.
    expect(doneBeforeTimer).toBeGreaterThanOrEqual(0);
    expect(doneBeforeTimer).toBeLessThan(10);
    const golds = await store.db
      .selectFrom('users')
      .select('gold')
      .where('username', 'like', 'many%')
      .execute();
    expect(golds.filter((g) => g.gold === 12_345)).toHaveLength(20);
  });
});
