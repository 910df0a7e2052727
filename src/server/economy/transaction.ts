// The economy transaction: the one way a change to a player's currencies, heroes, inventory, candidates, battles or
// runs is written. Every such transaction takes its row locks in ONE order, so two of them can wait for each other
// but never deadlock:
//
//   1. the acting player's `users` row          (SELECT … FOR NO KEY UPDATE on PostgreSQL, the lock an UPDATE takes);
//      a guild's change that moves another player (a request accepted, a member removed) locks both rows, in id order
//   2. the heroes it will change, in id order    (SELECT … ORDER BY id FOR UPDATE: a delete needs the full lock)
//   3. inventory rows, then the player's other records (candidates, generations, battles, dungeon runs)
//   4. arena fights: the two sides' ladder rating rows, in hero id order (fights/rating-store.ts settleDuel) — the only rows of
//      another player a transaction locks; after them it only writes rows it already holds or inserts new ones
//   4b. a guild's change or a boss attack: the guild's row (guilds/), after the players and their heroes
//   5. a fight: its one fairness tally row; a summon: its tally rows, one a rarity drawn, in rarity order — rows of
//      the player's tally shard (odds/fairness.ts), which a few other players share, the last writes of the work;
//      after them only the acts the work told (`did`) are counted, into the player's own quest progress
//
// Steps 1 and 2 are taken here, before the work runs, from what the caller declares (`userId`, `heroIds`); the work
// then only touches rows of that player, after those locks. Since every economy transaction of a player holds their
// row first, they run one after another and read each other's committed state (READ COMMITTED: each statement sees
// the latest commits), so the work reads what it changes inside the transaction, never before it.
//
// A deadlock or serialization failure that still happens (40P01, 40001; 0A000, a named statement gone stale under
// another instance's migration: store/named-statements.ts; SQLITE_BUSY when another process holds
// SQLite's write lock past busy_timeout) rolls the work back and runs it again, a few times with a short jittered
// backoff, then answers 409 with a readable error: never a 5xx. The work must therefore have no effect outside the
// transaction.
//
// On one instance a player's economy transactions also take turns in the process (`inTurn`) before they take a
// pooled connection: a player firing many fights or purchases at once holds one connection of the pool, not all
// of them waiting on their own row lock, so other players' reads and changes always find a connection. Across
// instances the row lock still orders them. Between turns the event loop takes in waiting I/O first, so a queue
// of turns never holds it. On SQLite one connection runs one transaction at a time, so every transaction takes
// its turn in one queue, the locks are the database's
// own and steps 1–2 are plain reads.
import { SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import { busy, isStalePlan } from '../foundation/errors.ts';
import type { HeroRow } from '../store/hero-rows.ts';
import type { Database } from '../store/tables.ts';
import type { Act } from '../../game/daily.ts';
import { countActs } from './quest-progress.ts';
import { committed, keepMoves } from './committed.ts';
import type { UserRow } from './wallet.ts';

/** Attempts before a contended transaction is answered 409. */
export const TRANSACTION_ATTEMPTS = 5;
export const BUSY_MESSAGE = 'The game was busy with another change to your account: please try again';

export interface Locks {
  /** The acting player: their row is locked first. */
  userId: string;
  /** Heroes the work may change or delete, locked next in id order (missing ones are simply absent). */
  heroIds?: readonly string[];
  /** Other players whose rows the work changes (a member a guild takes in or lets go): locked with the acting
   * player's, all in id order. */
  others?: readonly string[];
}

export interface Locked {
  /** The player's row as locked; undefined if there is no such player. */
  user: UserRow | undefined;
  /** The declared heroes that exist, by id, as locked. */
  heroes: Map<string, HeroRow>;
}

const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/** A deadlock, a serialization failure, a stale named statement or a busy SQLite: worth trying again. */
export function isContention(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && RETRYABLE.has(code)) || isStalePlan(err);
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, (2 + Math.random() * 8) * 2 ** attempt));

/** The contention met since the process started, by its code ('40P01' a deadlock): each one a transaction ran again. */
export const contentionSeen = new Map<string, number>();

/** Runs `work` again while it fails on contention, up to TRANSACTION_ATTEMPTS times; then a 409. */
export async function withRetries<T>(work: () => Promise<T> | T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isContention(err)) throw err;
      const code = (err as { code: string }).code;
      contentionSeen.set(code, (contentionSeen.get(code) ?? 0) + 1);
      if (attempt + 1 >= TRANSACTION_ATTEMPTS) throw busy(BUSY_MESSAGE);
      await pause(attempt);
    }
  }
}

/** The one queue of economy transactions on a SQLite database. */
const SQLITE_TURNS = '\0sqlite';

const onSqliteDb = (db: Kysely<Database> | Transaction<Database>) =>
  db.getExecutor().adapter instanceof SqliteAdapter;

/** Per database handle (an instance's store), the last transaction of each player queued on this instance. */
const turns = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `work` after every earlier `inTurn` work of the same key on the same database handle has settled. */
export async function inTurn<T>(db: object, key: string, work: () => Promise<T>): Promise<T> {
  let queue = turns.get(db);
  if (!queue) turns.set(db, (queue = new Map()));
  const before = queue.get(key);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  queue.set(key, mine);
  try {
    if (before) {
      await before;
      // On SQLite a whole queue of turns would otherwise run in one go (its queries settle as microtasks),
      // holding the event loop for every waiting transaction: let the I/O that arrived meanwhile in first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return await work();
  } finally {
    done();
    if (queue.get(key) === mine) queue.delete(key);
  }
}

/** The acts each economy transaction under way has been told (`did`), by its transaction. */
const told = new WeakMap<object, Act[]>();

/** The hero rows each economy transaction under way locked (step 2) and has not handed out yet, by its transaction. */
const lockedHeroes = new WeakMap<object, Map<string, HeroRow>>();

/**
 * The row of hero `id` as the economy transaction `trx` locked it, handed out once (undefined when it did not lock
 * that hero, or handed it out already): the first read of a locked hero costs no statement. Once only, because its
 * reader may change the hero: a second reader reads the table. In a fight's transaction the pay (reward-payment.ts)
 * is the one reader and the one writer of its heroes; a write against a row gone stale fails its version check
 * (hero-store.ts saveHero), it never overwrites a change.
 */
export function takeLockedHero(
  trx: Transaction<Database> | Kysely<Database>,
  id: string,
): HeroRow | undefined {
  const rows = lockedHeroes.get(trx);
  const row = rows?.get(id);
  rows?.delete(id);
  return row;
}

/**
 * Tells the economy transaction `trx` what its player did (a fight, a summon, a purchase …): as its work ends, the
 * transaction counts its acts toward the day's quests (quest-progress.ts), in the same transaction.
 */
export function did(trx: Transaction<Database> | Kysely<Database>, act: Act): void {
  const acts = told.get(trx);
  if (!acts) throw new Error('An act is told to the economy transaction it was done in');
  acts.push(act);
}

/**
 * One economy transaction: locks (player, then heroes in id order), then `work`, then the acts it was told counted;
 * retried on contention.
 */
export function economyTransaction<T>(
  db: Kysely<Database>,
  locks: Locks,
  work: (trx: Transaction<Database>, locked: Locked) => Promise<T>,
): Promise<T> {
  const sqlite = onSqliteDb(db);
  const heroIds = [...new Set(locks.heroIds ?? [])].sort();
  // SQLite runs one transaction at a time anyway (one connection): there every transaction takes its turn in one
  // queue, so the yield between turns also keeps different players' transactions from running in one go.
  return inTurn(db, sqlite ? SQLITE_TURNS : locks.userId, () =>
    withRetries(async () => {
      let open: Transaction<Database> | undefined;
      const acts: Act[] = [];
      const result = await db.transaction().execute(async (trx) => {
        open = trx;
        keepMoves(trx);
        const players = [...new Set([locks.userId, ...(locks.others ?? [])])].sort();
        let userQuery = trx.selectFrom('users').selectAll();
        userQuery =
          players.length === 1
            ? userQuery.where('id', '=', locks.userId)
            : userQuery.where('id', 'in', players).orderBy('id');
        if (!sqlite) userQuery = userQuery.forNoKeyUpdate();
        const user = (await userQuery.execute()).find((u) => u.id === locks.userId);
        const heroes = new Map<string, HeroRow>();
        if (heroIds.length > 0) {
          let heroQuery = trx.selectFrom('heroes').selectAll().where('id', 'in', heroIds).orderBy('id');
          if (!sqlite) heroQuery = heroQuery.forUpdate();
          for (const r of await heroQuery.execute()) heroes.set(r.id, r);
        }
        told.set(trx, acts);
        lockedHeroes.set(trx, new Map(heroes));
        const done = await work(trx, { user, heroes });
        await countActs(trx, user, acts);
        return done;
      });
      // Committed: what it moved and did is told now (committed.ts), never for an attempt rolled back.
      committed(db, open!, acts);
      return result;
    }),
  );
}
