// The daily layer on the server: reading the day (GET /api/daily), paying its claims exactly once
// (POST /api/daily/claim) and moving the player's day to another zone or hour (PATCH /api/users/{id}). What counts
// toward the day's quests is quest-progress.ts, from the acts each economy transaction is told.
//
// - The day is computed, never stored: from the server's one clock (clock.ts) and the player's zone and hour
//   (src/game/day-clock.ts), so every instance agrees and a server that was down across resets simply reads the
//   day it is now. The day's three quests are drawn from a seed of the player and the day (src/game/daily.ts).
// - A claim pays once because its row — primary key (player, claim, period) — is inserted before the credit in the
//   same transaction; a second claim finds the row and is a 409. The player's row is locked first (transaction.ts),
//   so claims, acts and a change of zone of one player take turns, and the key holds across instances.
import type { Kysely } from 'kysely';
import type { ClaimResponse, DailyResponse, DailyReward as RewardView } from '../../api/daily.ts';
import {
  changeRule,
  dayAt,
  dayName,
  ianaZone,
  parseDayName,
  type Day,
  type DayRule,
} from '../../game/day-clock.ts';
import { calendarReward, nextCalendarDay, parseQuestId, questId } from '../../game/daily.ts';
import {
  CALENDAR,
  DAILY_BONUS,
  type DailyReward,
  type QuestDef,
  type QuestKind,
} from '../../game/data/quests.ts';
import { nowMs } from '../foundation/clock.ts';
import { badRequest, conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import type { Database } from '../store/tables.ts';
import { claimOnce } from './claims.ts';
import { economyTransaction } from './transaction.ts';
import { credit, findUser, userView, type Db, type Entry, type UserRow } from './wallet.ts';

import { dayStateOf, questsOf, type DayColumns } from './quest-progress.ts';

const rewardView = (r: DailyReward): RewardView => ({
  gold: r.gold ?? 0,
  magic_essence: r.magic_essence ?? 0,
  summoning_scrolls: r.summoning_scrolls ?? 0,
  combat_tokens: r.combat_tokens ?? 0,
});

const iso = (ms: number) => new Date(ms).toISOString();

/** The claim rows' names: a quest's kind, the bonus, the calendar. */
const questClaim = (kind: QuestKind) => `quest:${kind}`;

/** Rewards earned on a day wait this many days after it to be claimed; then they lapse too. */
export const WAITING_DAYS = 7;

/** One day of a player's: its quests, and the progress and claims stored for it. */
interface DayRecord {
  day: number;
  quests: QuestDef[];
  progress: Map<string, number>;
  claims: Set<string>;
}

const emptyRecord = (user: DayColumns, day: number): DayRecord => ({
  day,
  quests: questsOf(user, day),
  progress: new Map(),
  claims: new Set(),
});

/** Everything the day shows: the player's (locked or read) row, today, and the days whose rewards still wait. */
interface DayFacts {
  user: UserRow;
  now: number;
  day: Day;
  today: DayRecord;
  /** earlier days within WAITING_DAYS that have anything stored, oldest first */
  earlier: DayRecord[];
  /** the days of the player's last calendar claims (up to seven, newest first): the calendar shows them */
  calendarDays: string[];
}

async function dayFacts(db: Db, user: UserRow): Promise<DayFacts> {
  const now = nowMs();
  const day = dayAt(now, dayStateOf(user));
  const [from, to] = [dayName(day.day - WAITING_DAYS), dayName(day.day)];
  // Reads by the player's keys: every row of the days that can still pay (a week and today: a few dozen), and the
  // days of the calendar's last claims.
  const [progress, claims, calendar] = await Promise.all([
    db
      .selectFrom('daily_progress')
      .select(['period', 'kind', 'count'])
      .where('user_id', '=', user.id)
      .where('period', '>=', from)
      .where('period', '<=', to)
      .execute(),
    db
      .selectFrom('claims')
      .select(['period', 'claim'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'daily')
      .where('period', '>=', from)
      .where('period', '<=', to)
      .execute(),
    db
      .selectFrom('claims')
      .select('period')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'daily')
      .where('claim', '=', 'calendar')
      .orderBy('period', 'desc')
      .limit(CALENDAR.length)
      .execute(),
  ]);
  const records = new Map<string, DayRecord>();
  const recordOf = (period: string) => {
    let r = records.get(period);
    if (!r) records.set(period, (r = emptyRecord(user, parseDayName(period) ?? day.day)));
    return r;
  };
  const today = recordOf(to);
  for (const p of progress) recordOf(p.period).progress.set(p.kind, p.count);
  for (const c of claims) recordOf(c.period).claims.add(c.claim);
  const earlier = [...records.values()].filter((r) => r.day < day.day).sort((a, b) => a.day - b.day);
  return { user, now, day, today, earlier, calendarDays: calendar.map((c) => c.period) };
}

const progressOf = (r: DayRecord, q: QuestDef) => Math.min(q.goal, r.progress.get(q.id) ?? 0);
const doneCount = (r: DayRecord) => r.quests.filter((q) => progressOf(r, q) >= q.goal).length;
const bonusId = (day: number) => `${dayName(day)}.bonus`;

/** What an earlier day earned and nobody claimed yet. */
function waitingOf(r: DayRecord): DailyResponse['waiting'] {
  const period = dayName(r.day);
  const out: DailyResponse['waiting'] = r.quests
    .filter((q) => progressOf(r, q) >= q.goal && !r.claims.has(questClaim(q.id)))
    .map((q) => ({ id: questId(r.day, q.id), period, text: q.text, reward: rewardView(q.reward) }));
  if (doneCount(r) === r.quests.length && !r.claims.has('bonus'))
    out.push({
      id: bonusId(r.day),
      period,
      text: `Bonus: all ${r.quests.length} quests`,
      reward: rewardView(DAILY_BONUS),
    });
  return out;
}

function view(f: DayFacts): DailyResponse {
  const state = dayStateOf(f.user);
  const t = f.today;
  const claimedToday = t.claims.has('calendar');
  const claims = f.user.calendar_claims;
  // After today's claim the calendar shown is the one that claim belongs to (all seven ticked after day 7).
  const ticked = claimedToday ? ((claims - 1) % CALENDAR.length) + 1 : claims % CALENDAR.length;
  return {
    period: dayName(f.day.day),
    now: iso(f.now),
    resets_at: iso(f.day.endsAt),
    time_zone: state.timeZone,
    reset_hour: f.user.reset_hour,
    rule_starts_at: f.day.held ? iso(f.day.endsAt) : null,
    first_day: f.day.first,
    quests: t.quests.map((q) => ({
      id: questId(t.day, q.id),
      kind: q.id,
      text: q.text,
      unit: q.unit,
      progress: progressOf(t, q),
      goal: q.goal,
      reward: rewardView(q.reward),
      claimed: t.claims.has(questClaim(q.id)),
    })),
    bonus: {
      reward: rewardView(DAILY_BONUS),
      claimed: t.claims.has('bonus'),
      available: doneCount(t) === t.quests.length && !t.claims.has('bonus'),
    },
    calendar: {
      days: CALENDAR.map((reward, i) => ({
        day: i + 1,
        reward: rewardView(reward),
        claimed: i < ticked,
        // The claim that ticked day i + 1 is the (ticked − i)-th newest; older than the rows kept (30 days): null.
        claimed_on: i < ticked ? (f.calendarDays[ticked - 1 - i] ?? null) : null,
      })),
      next_day: nextCalendarDay(claims),
      available: !claimedToday,
    },
    waiting: f.earlier.flatMap(waitingOf),
  };
}

/** GET /api/daily: the player's day as it is now. */
export async function dailyView(db: Db, userId: string): Promise<DailyResponse> {
  const user = await findUser(db, userId);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return view(await dayFacts(db, user));
}

// ---- claiming -----------------------------------------------------------------------------------------------

/** "5 h 12 min" until the reset. */
function untilText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  if (h === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${h} h` : `${h} h ${minutes % 60} min`;
}

/** What a claim pays: its row (name and period), the reward and its ledger entry. */
interface Paying {
  row: string;
  period: string;
  reward: DailyReward;
  entry: Entry;
}

/** What a claim asks for, or the refusal (400 names nothing, 404 no such quest that day, 409 paid or not earned). */
function claimOf(f: DayFacts, claim: string): Paying {
  const today = dayName(f.day.day);
  const left = untilText(f.day.endsAt - f.now);
  if (claim === 'calendar') {
    const n = nextCalendarDay(f.user.calendar_claims);
    if (f.today.claims.has('calendar'))
      throw conflict(
        `Already claimed: today's calendar reward is paid, and day ${n} unlocks at the next reset (in ${left})`,
      );
    return {
      row: 'calendar',
      period: today,
      reward: calendarReward(n),
      entry: { reason: 'daily_calendar', ref: `${today}.calendar.${n}` },
    };
  }
  // 'bonus' is today's; '<period>.bonus' and '<period>.<kind>' name their day.
  const dayBonus = /^(.+)\.bonus$/.exec(claim);
  const target =
    claim === 'bonus'
      ? { day: f.day.day, quest: null }
      : dayBonus
        ? { day: parseDayName(dayBonus[1]!), quest: null }
        : (parseQuestId(claim) ?? { day: null, quest: null });
  if (target.day === null)
    throw badRequest(
      `Invalid body field "claim": a quest's id ('${today}.arena_win'), 'bonus', '${today}.bonus' or 'calendar'`,
    );
  const period = dayName(target.day);
  if (target.day > f.day.day)
    throw conflict(`That reward is for ${period}, which has not begun: today is ${today}`);
  if (f.day.day - target.day > WAITING_DAYS)
    throw conflict(
      `That reward was for ${period}: rewards wait ${WAITING_DAYS} days after their day, and that one lapsed`,
    );
  const earlier = target.day < f.day.day;
  const r = earlier
    ? (f.earlier.find((e) => e.day === target.day) ?? emptyRecord(f.user, target.day))
    : f.today;
  const when = earlier ? `on ${period}` : 'today';
  if (target.quest === null) {
    if (r.claims.has('bonus'))
      throw conflict(
        earlier
          ? `Already claimed: the bonus of ${period} is paid`
          : `Already claimed: today's bonus is paid; the next reset is in ${left}`,
      );
    const done = doneCount(r);
    if (done < r.quests.length)
      throw conflict(
        earlier
          ? `The bonus for ${period} was not earned: ${done} of its ${r.quests.length} quests were done, and the day is over`
          : `Not yet earned: the bonus is for all ${r.quests.length} of today's quests, and ${done} are done`,
      );
    return {
      row: 'bonus',
      period,
      reward: DAILY_BONUS,
      entry: { reason: 'daily_bonus', ref: bonusId(r.day) },
    };
  }
  const quest = r.quests.find((q) => q.id === target.quest!.id);
  if (!quest)
    throw notFound(
      `No '${target.quest.id}' quest ${when}: ${earlier ? 'its' : "today's"} are ${r.quests.map((q) => q.id).join(', ')}`,
    );
  if (r.claims.has(questClaim(quest.id)))
    throw conflict(
      `Already claimed: '${quest.text}' paid ${when}${earlier ? '' : `; the next reset is in ${left}`}`,
    );
  const progress = progressOf(r, quest);
  if (progress < quest.goal)
    throw conflict(
      earlier
        ? `That quest was for ${period} and lapsed unfinished at the reset (${progress} / ${quest.goal} ${quest.unit}): today (${today}) has new quests`
        : `Not yet earned: ${progress} / ${quest.goal} ${quest.unit} for '${quest.text}'`,
    );
  return {
    row: questClaim(quest.id),
    period,
    reward: quest.reward,
    entry: { reason: 'daily_quest', ref: questId(r.day, quest.id) },
  };
}

/**
 * POST /api/daily/claim: pays a quest, a day's bonus or today's calendar reward once. The claim row goes in first —
 * its primary key is what refuses a second claim, whatever raced it — then the credit and its ledger entries.
 */
export function claimDaily(db: Kysely<Database>, userId: string, claim: string): Promise<ClaimResponse> {
  return economyTransaction(db, { userId }, async (trx, { user }) => {
    if (!user) throw notFound(MESSAGES.userNotFound);
    const facts = await dayFacts(trx, user);
    const paying = claimOf(facts, claim);
    const claimed = await claimOnce(trx, {
      userId,
      kind: 'daily',
      claim: paying.row,
      period: paying.period,
      reward: rewardView(paying.reward),
    });
    if (!claimed) throw conflict('Already claimed: this reward was paid once');
    if (paying.row === 'calendar')
      await trx
        .updateTable('users')
        .set((eb) => ({ calendar_claims: eb('calendar_claims', '+', 1) }))
        .where('id', '=', userId)
        .execute();
    const paid = await credit(trx, userId, paying.reward, paying.entry);
    if (!paid) throw notFound(MESSAGES.userNotFound);
    const record = [facts.today, ...facts.earlier].find((r) => dayName(r.day) === paying.period);
    record?.claims.add(paying.row);
    const after = {
      ...facts,
      user: paid,
      calendarDays: paying.row === 'calendar' ? [paying.period, ...facts.calendarDays] : facts.calendarDays,
    };
    return { claim, reward: rewardView(paying.reward), user: userView(paid), daily: view(after) };
  });
}

// ---- the player's zone and hour -------------------------------------------------------------------------------

/**
 * PATCH /api/users/{id}: a new zone or reset hour. It applies from the next reset; the day in progress keeps its
 * date and its reset, and no later day takes a date already played (src/game/day-clock.ts changeRule).
 */
export function setDayRule(
  db: Kysely<Database>,
  userId: string,
  change: { time_zone?: string; reset_hour?: number },
): Promise<UserRow> {
  return economyTransaction(db, { userId }, async (trx, { user }) => {
    if (!user) throw notFound(MESSAGES.userNotFound);
    const next: DayRule = {
      // As the IANA list spells it ('europe/berlin' is stored as Europe/Berlin); the route refused anything else.
      timeZone: (change.time_zone !== undefined && ianaZone(change.time_zone)) || user.time_zone,
      resetHour: change.reset_hour ?? user.reset_hour,
    };
    if (next.timeZone === user.time_zone && next.resetHour === user.reset_hour) return user;
    const state = changeRule(nowMs(), dayStateOf(user), next);
    const updated = await trx
      .updateTable('users')
      .set({
        time_zone: state.timeZone,
        reset_hour: state.resetHour,
        rule_from: state.ruleFrom === null ? null : Math.floor(state.ruleFrom / 1000),
        day_floor: state.floor,
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return updated;
  });
}

/** Forgets progress and claims of days long past (sweep.ts): a day's name never comes back for a player. */
export async function pruneDaily(db: Kysely<Database>, keepDays = 30): Promise<void> {
  const before = dayName(Math.floor(nowMs() / 86_400_000) - keepDays);
  await db.deleteFrom('daily_progress').where('period', '<', before).execute();
  await db.deleteFrom('claims').where('kind', '=', 'daily').where('period', '<', before).execute();
}
