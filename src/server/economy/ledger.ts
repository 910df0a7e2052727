// The ledger read back: a player's entries newest first, a page at a time (GET /api/users/{id}/ledger, and the
// newest page in the operator's console, admin/player-admin.ts), and the audit that every balance is the sum of its
// entries (npm run audit:ledger, scripts/audit-ledger.ts). The entries are written by the wallet alone (wallet.ts),
// in the transaction of each change; the table and its guards are migration 0010_ledger (store/migrations.ts).
import { cursorCodec } from '../foundation/cursor.ts';
import { sql } from 'kysely';
import type { LedgerEntry, LedgerReason, LedgerSubject } from '../../api/ledger.ts';
import { CURRENCIES, type Currency } from '../../api/rules.ts';
import { ITEMS_BY_ID } from '../../game/data/items.ts';
import { dailyRewardName } from '../../game/daily.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';
import { findUser, type Db } from './wallet.ts';

/** Reasons whose ref is a hero's id. */
const HERO_REASONS = new Set<LedgerReason>(['reroll', 'ascension', 'ascension_reset', 'training']);
const BATTLE_REASONS: ReadonlySet<LedgerReason> = new Set([
  'battle_reward',
  'arena_reward',
  'dungeon_reward',
  'dungeon_clear',
  'campaign_reward',
  'fight_stake',
  'live_reward',
  'guild_attack',
]);
const ITEM_REASONS: ReadonlySet<LedgerReason> = new Set(['purchase', 'item_use']);

/** A ledger page's last entry: its id. */
const cursor = cursorCodec('integer');

/**
 * What each entry links to now: the fight (its location), the hero (a summon's kept hero, a rerolled hero — only
 * while it is still the player's), the item. At most two indexed reads a page (battles, heroes), none when unneeded.
 */
async function subjectsOf(
  db: Db,
  userId: string,
  rows: { reason: string; ref: string | null }[],
): Promise<(LedgerSubject | null)[]> {
  const refs = (reasons: (r: LedgerReason) => boolean) => [
    ...new Set(rows.filter((r) => r.ref !== null && reasons(r.reason as LedgerReason)).map((r) => r.ref!)),
  ];
  const battleIds = refs((r) => BATTLE_REASONS.has(r));
  const heroIds = refs((r) => HERO_REASONS.has(r));
  const generationIds = refs((r) => r === 'summon');
  const [battles, heroes] = await Promise.all([
    battleIds.length === 0
      ? []
      : db
          .selectFrom('battles')
          .select(['id', 'location'])
          .where('id', 'in', battleIds)
          .where('user_id', '=', userId)
          .execute(),
    heroIds.length + generationIds.length === 0
      ? []
      : db
          .selectFrom('heroes')
          .select(['id', 'name', 'generation_id'])
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              ...(heroIds.length > 0 ? [eb('id', 'in', heroIds)] : []),
              ...(generationIds.length > 0 ? [eb('generation_id', 'in', generationIds)] : []),
            ]),
          )
          .execute(),
  ]);
  const battleAt = new Map(battles.map((b) => [b.id, b.location]));
  const heroNamed = new Map(heroes.map((h) => [h.id, h.name]));
  const keptFrom = new Map(
    heroes.filter((h) => h.generation_id !== null).map((h) => [h.generation_id!, { id: h.id, name: h.name }]),
  );
  return rows.map(({ reason, ref }): LedgerSubject | null => {
    if (ref === null) return null;
    const why = reason as LedgerReason;
    if (BATTLE_REASONS.has(why)) {
      const location = battleAt.get(ref);
      return location === undefined ? null : { kind: 'battle', id: ref, name: location };
    }
    if (ITEM_REASONS.has(why)) {
      const item = ITEMS_BY_ID.get(ref);
      return item ? { kind: 'item', id: ref, name: item.name } : null;
    }
    if (HERO_REASONS.has(why)) {
      const name = heroNamed.get(ref);
      return name === undefined ? null : { kind: 'hero', id: ref, name };
    }
    if (why === 'summon') {
      const hero = keptFrom.get(ref);
      return hero ? { kind: 'hero', ...hero } : null;
    }
    if (why === 'daily_quest' || why === 'daily_bonus' || why === 'daily_calendar') {
      const name = dailyRewardName(why, ref);
      return name === null ? null : { kind: 'daily', id: ref, name };
    }
    return null;
  });
}

/** A player's entries, newest first: `limit` of them after `cursor`, of one currency or all, and the next cursor. */
export async function ledgerPage(
  db: Db,
  userId: string,
  opts: { limit: number; cursor?: string; currency?: Currency },
): Promise<{ entries: LedgerEntry[]; next_cursor: string | null }> {
  let q = db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.currency) q = q.where('currency', '=', opts.currency);
  if (opts.cursor) q = q.where('id', '<', cursor.decode(opts.cursor)[0]);
  const rows = await q.execute();
  if (rows.length === 0 && !(await findUser(db, userId))) throw notFound(MESSAGES.userNotFound);
  const page = rows.slice(0, opts.limit);
  const subjects = await subjectsOf(db, userId, page);
  const last = page.at(-1);
  return {
    entries: page.map((r, i) => ({
      id: String(r.id),
      currency: r.currency as Currency,
      delta: r.delta,
      balance_after: r.balance_after,
      reason: r.reason as LedgerReason,
      ref: r.ref,
      subject: subjects[i]!,
      created_at: Number(r.created_at),
    })),
    next_cursor: rows.length > opts.limit && last ? cursor.encode([Number(last.id)]) : null,
  };
}

// ---- the audit -------------------------------------------------------------------------------------------------

/** A balance that is not the sum of its entries (username null: entries of a player who does not exist). */
export interface LedgerDifference {
  user_id: string;
  username: string | null;
  currency: Currency;
  balance: number;
  entered: number;
}

export interface LedgerAudit {
  players: number;
  entries: number;
  /** every (player, currency) whose balance is not the sum of its entries */
  differences: LedgerDifference[];
  /** entries whose balance_after is not the sum of the player's entries of that currency up to it */
  unchained: number;
}

/**
 * For every player and currency: the balance equals the sum of the entries. Also counts entries whose stated
 * balance_after breaks the running sum. Read-only; one pass per currency over users and the ledger.
 */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const differences: LedgerDifference[] = [];
  for (const c of CURRENCIES) {
    const totals = db
      .selectFrom('ledger')
      .select(['user_id', sql<number>`sum(delta)`.as('total')])
      .where('currency', '=', c)
      .groupBy('user_id')
      .as('t');
    const differing = await db
      .selectFrom('users as u')
      .leftJoin(totals, 't.user_id', 'u.id')
      .select([
        'u.id as user_id',
        'u.username as username',
        sql<number>`${sql.ref(`u.${c}`)}`.as('balance'),
        sql<number>`coalesce(t.total, 0)`.as('entered'),
      ])
      .where(sql<boolean>`${sql.ref(`u.${c}`)} <> coalesce(t.total, 0)`)
      .orderBy('u.id')
      .execute();
    const orphans = await db
      .selectFrom('ledger as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id as user_id', sql<number>`sum(l.delta)`.as('entered')])
      .where('l.currency', '=', c)
      .where('u.id', 'is', null)
      .groupBy('l.user_id')
      .execute();
    for (const d of differing)
      differences.push({
        user_id: d.user_id,
        username: d.username,
        currency: c,
        balance: Number(d.balance),
        entered: Number(d.entered),
      });
    for (const o of orphans)
      differences.push({
        user_id: o.user_id,
        username: null,
        currency: c,
        balance: 0,
        entered: Number(o.entered),
      });
  }
  const running = db
    .selectFrom('ledger')
    .select([
      'balance_after',
      sql<number>`sum(delta) over (partition by user_id, currency order by id)`.as('running'),
    ])
    .as('r');
  const [unchained, players, entries] = await Promise.all([
    db
      .selectFrom(running)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql<boolean>`r.balance_after <> r.running`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    players: Number(players.n),
    entries: Number(entries.n),
    differences,
    unchained: Number(unchained.n),
  };
}
