// PostgreSQL parses and plans a statement sent by text every time it runs; a named statement once per connection,
// then only binds and runs it. Every statement with parameters that a pooled connection runs — Kysely's and the hot
// reads' (prepared.ts) — goes named, by its text: one name per distinct text, so a connection prepares each text at
// its first run and reuses it after. On the crowd bench (one core, PostgreSQL) the database's share of the core at
// 300 players fell from 19–26% to 14%, and the players it holds from 400 to 536 (docs/scale-out.md).
//
// - The texts are bounded: our queries are a few hundred distinct shapes (an IN list one per length); past
//   MAX_NAMES a new text runs unnamed, as before, so a connection never holds more than that many statements.
// - A statement prepared before another instance's migration changed its table's columns (a `select *` whose rows
//   gained a column) fails at its next run with 0A000 ("cached plan must not change result type") on that
//   connection, and would every time: at the first such failure every text is named anew, so each connection
//   prepares it again under its new name (the old ones go with the connection). The failed statement's
//   transaction is retried (transaction.ts counts 0A000 as contention); a read that failed answers 503 (try again).
import type pg from 'pg';
import { isStalePlan } from '../foundation/errors.ts';

const MAX_NAMES = 1000;

let names = new Map<string, string>();
let generation = 0;

/** The statement name of `text` (undefined once MAX_NAMES texts are named: it runs unnamed). */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) names.set(text, (name = `rb${generation}_${names.size}`));
  return name;
}

function renameAll(err: unknown): void {
  if (!isStalePlan(err)) return;
  generation++;
  names = new Map();
}

/** Makes `client` run every statement with parameters as a named statement (see the head of this file). */
export function nameStatements(client: pg.PoolClient): void {
  // the class's own query, looked up at each call (as a call of client.query would)
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
      return query(text, values, ...rest);
    const config = { name: nameOf(text), text, values };
    const done = rest[0];
    // a callback (pg-pool's query) is told the failure after the renaming; a promise (Kysely's) is renamed first
    if (typeof done === 'function')
      return query(config, (err: unknown, res: unknown) => {
        renameAll(err);
        (done as (e: unknown, r: unknown) => void)(err, res);
      });
    return (query(config) as Promise<unknown>).catch((err: unknown) => {
      renameAll(err);
      throw err;
    });
  };
}
