// Counting what a player does toward the day's quests: the acts an economy transaction was told (transaction.ts
// `did`: a fight, a summon, a purchase, an item used, a replay watched) are counted here, once, as its work ends —
// the one place quest progress is written. And the day itself: which day it is for a player (from the server's one
// clock and their zone and hour), which quests it draws, and the places they had open when it began.
//
// - Progress is a count per (player, day, kind), written by the act's own transaction (which has locked the
//   player's row), only for the day's own kinds.
import { dayAt, dayName, ianaZone, type Day, type DayState } from '../../game/day-clock.ts';
import { questCounts, questsOfDay, type Act, type OpenPlaces } from '../../game/daily.ts';
import type { QuestDef, QuestKind, QuestPlace } from '../../game/data/quests.ts';
import type { Unlock } from '../../game/data/campaign.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import type { Db, UserRow } from './wallet.ts';

/** The columns of a player's row that decide their day and the quests it draws. */
export type DayColumns = Pick<
  UserRow,
  | 'id'
  | 'time_zone'
  | 'reset_hour'
  | 'rule_from'
  | 'day_floor'
  | 'created_at'
  | 'arena_opened_on'
  | 'dungeon_opened_on'
  | 'draws_every_kind_through'
>;
export const DAY_COLUMNS = [
  'id',
  'time_zone',
  'reset_hour',
  'rule_from',
  'day_floor',
  'created_at',
  'arena_opened_on',
  'dungeon_opened_on',
  'draws_every_kind_through',
] as const;

/** Where the day a place opened is kept, by place. */
const OPENED_ON = {
  arena: 'arena_opened_on',
  dungeon: 'dungeon_opened_on',
} as const satisfies Record<QuestPlace, keyof UserRow>;

/** Zones as stored, checked once each: a row edited by hand to a name Intl does not know reads as UTC, never a 500. */
const knownZones = new Map<string, string>();
function storedZone(name: string): string {
  let zone = knownZones.get(name);
  if (zone === undefined) {
    zone = ianaZone(name) ?? 'UTC';
    if (knownZones.size < 1000) knownZones.set(name, zone);
  }
  return zone;
}

export function dayStateOf(row: DayColumns): DayState {
  return {
    timeZone: storedZone(row.time_zone),
    resetHour: row.reset_hour,
    ruleFrom: row.rule_from === null ? null : Number(row.rule_from) * 1000,
    floor: row.day_floor === null ? null : Number(row.day_floor),
    opened: Number(row.created_at) * 1000,
  };
}

/** The player's day at the server's now. */
export const dayNow = (row: DayColumns): Day => dayAt(nowMs(), dayStateOf(row));

/**
 * The places the player had open when `day` began: those opened on an earlier day. A place opened during a day
 * counts from the next, so a day's draw never changes once it has begun.
 */
function openOn(row: DayColumns, day: number): OpenPlaces {
  if (row.draws_every_kind_through !== null && day <= Number(row.draws_every_kind_through)) return 'every';
  const open = new Set<QuestPlace>();
  for (const place of Object.keys(OPENED_ON) as QuestPlace[]) {
    const on = row[OPENED_ON[place]];
    if (on !== null && Number(on) < day) open.add(place);
  }
  return open;
}

/** The player's quests of `day` (src/game/daily.ts questsOfDay), among the kinds open to them when it began. */
export const questsOf = (row: DayColumns, day: number): QuestDef[] =>
  questsOfDay(row.id, day, openOn(row, day));

/** What `acts` count toward among the player's quests of `day`: by kind, how many count. */
function countable(row: DayColumns, day: Day, acts: readonly Act[]): [QuestKind, number][] {
  const today = new Set(questsOf(row, day.day).map((q) => q.id));
  return [...questCounts(acts)].filter(([kind]) => today.has(kind));
}

/**
 * Counts `acts` (what the player did in the economy transaction now ending: a fight won, an item bought …) toward
 * the day's quests, inside that transaction — which has locked the player's row. Called by transaction.ts alone,
 * with the row as it locked it: no work that tells acts changes the columns of the day (the zone and hour change
 * in a transaction of their own, daily-progress.ts setDayRule), and a place it opens (recordOpens) counts from the
 * next day, so the row read again would draw the same quests — at one statement more, a round trip on PostgreSQL.
 * Kinds that are not among the day's quests are not stored.
 */
export async function countActs(trx: Db, row: DayColumns | undefined, acts: readonly Act[]): Promise<void> {
  if (acts.length === 0 || !row) return;
  const userId = row.id;
  const day = dayNow(row);
  const counted = countable(row, day, acts);
  if (counted.length === 0) return;
  const period = dayName(day.day);
  const now = nowSeconds();
  await trx
    .insertInto('daily_progress')
    .values(counted.map(([kind, count]) => ({ user_id: userId, period, kind, count, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'period', 'kind']).doUpdateSet((eb) => ({
        count: eb('daily_progress.count', '+', eb.ref('excluded.count')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * A campaign stage's first clear opened `unlocks` (the arena, a dungeon): inside the fight's transaction — which has
 * locked the player's row — the day they opened on is kept, the first time each place opens. Quests fought there
 * are drawn from the next day on (openOn).
 */
export async function recordOpens(trx: Db, userId: string, unlocks: readonly Unlock[]): Promise<void> {
  const places = new Set(unlocks.map((u) => u.kind));
  if (places.size === 0) return;
  const row = await trx.selectFrom('users').select(DAY_COLUMNS).where('id', '=', userId).executeTakeFirst();
  if (!row) return;
  const day = dayNow(row).day;
  for (const place of places)
    await trx
      .updateTable('users')
      .set({ [OPENED_ON[place]]: day })
      .where('id', '=', userId)
      .where(OPENED_ON[place], 'is', null)
      .execute();
}
