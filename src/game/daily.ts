// The daily layer's rules, pure: which three quests a player has on a day (drawn from a seed of the player and the
// day among the kinds they could play when it began, so every instance and every restart agrees without storing
// them), what a fight counts toward, the quests' ids, and where a player stands on the login calendar. The content is ./data/quests.ts; a day's boundaries are
// ./day-clock.ts; the server counts, stores and pays (src/server/economy/daily-progress.ts).
import { createPrng, hashSeed } from './prng.ts';
import { tableOf, own } from './data/table.ts';
import {
  CALENDAR,
  QUESTS,
  QUESTS_PER_DAY,
  type DailyReward,
  type QuestDef,
  type QuestKind,
  type QuestPlace,
} from './data/quests.ts';
import { dayLabel, dayName, parseDayName, type DayNumber } from './day-clock.ts';
import type { FightKind } from './types.ts';

export const QUESTS_BY_KIND = tableOf<QuestDef>(QUESTS);

/** The places a player had open when a day began: every one, or those in the set. */
export type OpenPlaces = 'every' | ReadonlySet<QuestPlace>;
export const NOTHING_OPEN: OpenPlaces = new Set();

/**
 * The three quests of `playerId` on `day`: two fights and one errand, drawn from a seed of both among the kinds the
 * player could play when the day began — a fight in a place not open then (`needs`: the arena, a dungeon) is not
 * drawn. With every place open the draw is the seed's over every kind.
 */
export function questsOfDay(playerId: string, day: DayNumber, open: OpenPlaces): QuestDef[] {
  const prng = createPrng(hashSeed('daily quests', playerId, day));
  const playable = (q: QuestDef) => q.needs === undefined || open === 'every' || open.has(q.needs);
  const out: QuestDef[] = [];
  for (const group of ['fight', 'errand'] as const) {
    const pool: QuestDef[] = QUESTS.filter((q) => q.group === group && playable(q));
    for (let i = 0; i < QUESTS_PER_DAY[group]; i++) out.push(pool.splice(prng.int(pool.length), 1)[0]!);
  }
  return out;
}

/** A quest's id: its day and kind ('2026-11-27.arena_win'), so a claim names the day it means. */
export const questId = (day: DayNumber, kind: QuestKind): string => `${dayName(day)}.${kind}`;

/** A quest id's day and kind, or null when it is not one. */
export function parseQuestId(id: string): { day: DayNumber; quest: QuestDef } | null {
  const dot = id.indexOf('.');
  if (dot < 0) return null;
  const day = parseDayName(id.slice(0, dot));
  const quest = own(QUESTS_BY_KIND, id.slice(dot + 1));
  return day === null || !quest ? null : { day, quest };
}

/** A finished fight as the daily quests see it. */
export interface FightFact {
  kind: FightKind;
  mode: 'auto' | 'turn_based';
  won: boolean;
  /** the win chance the fight stated before it was fought */
  probability: number;
}

/**
 * What a player did, as the economy transaction it was done in is told (server/economy/transaction.ts `did`): the
 * facts the daily quests — and whatever counts acts next — are counted from.
 */
export type Act =
  ({ act: 'fight' } & FightFact) | { act: 'summon' | 'reroll' | 'item_use' | 'purchase' | 'replay' };

/** The quest kind each act that is not a fight counts toward. */
const ACT_QUEST: Record<Exclude<Act['act'], 'fight'>, QuestKind> = {
  summon: 'summon',
  reroll: 'reroll',
  item_use: 'use_item',
  purchase: 'buy_item',
  replay: 'watch_replay',
};

/** What `acts` count toward: by quest kind, how many of them count (an act counts once toward each of its kinds). */
export function questCounts(acts: readonly Act[]): Map<QuestKind, number> {
  const counts = new Map<QuestKind, number>();
  for (const a of acts)
    for (const kind of a.act === 'fight' ? fightActs(a) : [ACT_QUEST[a.act]])
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** What a finished fight counts toward (once each). */
export function fightActs(f: FightFact): QuestKind[] {
  const acts: QuestKind[] = [];
  if (f.mode === 'turn_based') acts.push('turn_based');
  if (!f.won) return acts;
  if (f.kind === 'arena') acts.push('arena_win');
  else if (f.kind === 'dungeon') acts.push('dungeon_floor');
  else acts.push('battle_win');
  if (f.probability < 0.5) acts.push('underdog_win');
  return acts;
}

/** The calendar day (1–7) the next claim unlocks, after `claims` calendar claims in all. */
export const nextCalendarDay = (claims: number): number => (claims % CALENDAR.length) + 1;

/** What calendar day `n` (1–7) pays. */
export const calendarReward = (n: number): DailyReward => CALENDAR[n - 1]!;

/**
 * What a daily reward's ledger entry was for, in words, with the player's day it belongs to (the date in its ref:
 * 'Daily quest: Win 3 arena duels (Dec 1)'); null when the ref is not one of ours.
 */
export function dailyRewardName(
  reason: 'daily_quest' | 'daily_bonus' | 'daily_calendar',
  ref: string,
): string | null {
  const day = parseDayName(ref.slice(0, ref.indexOf('.')));
  const of = day === null ? '' : ` (${dayLabel(day)})`;
  if (reason === 'daily_quest') {
    const named = parseQuestId(ref);
    return named ? `Daily quest: ${named.quest.text}${of}` : null;
  }
  if (reason === 'daily_bonus') return `Daily bonus: all three quests${of}`;
  const n = /\.calendar\.([1-7])$/.exec(ref);
  return n ? `Login calendar: day ${n[1]}${of}` : null;
}
