// What an economy transaction did, told once it has committed: each currency moved (the wallet writes them down,
// wallet.ts `move`) and each act it was told (`did`, transaction.ts). A transaction rolled back — refused, or run
// again after contention — tells nothing, so a listener (the metrics, http/metrics.ts) counts exactly what the ledger
// keeps. Listeners are per database handle, so two apps in one process (tests) count their own.
import type { Transaction } from 'kysely';
import type { Act } from '../../game/daily.ts';
import type { LedgerReason } from '../../api/ledger.ts';
import type { Currency } from '../../api/rules.ts';
import type { Database } from '../store/tables.ts';

export interface Moved {
  currency: Currency;
  /** as its ledger entry states it: positive in, negative out */
  delta: number;
  reason: LedgerReason;
}

export interface Committed {
  moves: readonly Moved[];
  acts: readonly Act[];
}

type Listener = (done: Committed) => void;

const listeners = new WeakMap<object, Set<Listener>>();
/** Moves written in each economy transaction under way, by its transaction. */
const written = new WeakMap<object, Moved[]>();

/** Calls `listener` after each economy transaction on `db` commits; answers how to stop. */
export function onCommitted(db: object, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** The wallet's moves in `trx`, kept until it commits (nothing is kept outside an economy transaction). */
export function wroteMoves(trx: Transaction<Database>, moves: readonly Moved[]): void {
  written.get(trx)?.push(...moves);
}

/** An economy transaction begins: its moves are kept from now on (transaction.ts). */
export function keepMoves(trx: Transaction<Database>): void {
  written.set(trx, []);
}

/** An economy transaction on `db` committed: its moves and acts are told (transaction.ts). */
export function committed(db: object, trx: Transaction<Database>, acts: readonly Act[]): void {
  const set = listeners.get(db);
  const moves = written.get(trx) ?? [];
  written.delete(trx);
  if (!set) return;
  for (const listener of set) listener({ moves, acts });
}
