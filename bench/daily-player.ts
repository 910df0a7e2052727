// The daily player (issue "Every day worth a visit"): the economy simulation's sensible player (./economy.ts — the
// real rules core, odds, reward function, level-ups and shop) playing a few minutes a day for weeks, with the daily
// layer: each day it claims the login calendar, plays its three quests (the real draw, src/game/daily.ts, counted
// by the rules the server counts by: fightActs), claims them and the bonus, and spends the rest of its minutes on the
// best-paying play (dungeon runs). It measures the daily layer's share of a day's income, and how long each kind of
// quest takes.
//
// Income is compared in gold's worth, at the shop's own rates: an essence is worth what a Flask of Essence costs per
// essence, a combat token what a Victor's Coffer pays per token, a summoning scroll a Summoner's Seal. XP is shown
// apart: the daily layer pays none (its quests are fought for, and the fights pay their xp).
//
// What takes time besides fights (assumptions, not measurements; docs/game-rules.md says them): opening /daily and
// claiming, CLAIMING_S a day; an errand — a summon, a reroll, watching a replay — ERRAND_S; buying and using an item
// is what the player's shop does anyway (its time is not counted for any kind of play).
import { CALENDAR, DAILY_BONUS, QUESTS, type DailyReward, type QuestKind } from '../src/game/data/quests.ts';
import { ITEMS_BY_ID } from '../src/game/data/items.ts';
import { calendarReward, fightActs, nextCalendarDay, questsOfDay } from '../src/game/daily.ts';
import { createPrng, hashSeed, MAX_LEVEL, rerollAbilities, type Rewards } from '../src/game/index.ts';
import {
  add,
  arenaDuel,
  bank,
  fightOf,
  newPlayer,
  summonPair,
  type Outcome,
  type SessionKind,
  type TimeModel,
} from './economy.ts';

export const CLAIMING_S = 15;
export const ERRAND_S = 30;
const DAY_S = 24 * 3600;

/** Gold's worth of each currency, at the shop's rates. */
export const WORTH = (() => {
  const flask = ITEMS_BY_ID.get('flask_of_essence')!;
  const coffer = ITEMS_BY_ID.get('victors_coffer')!;
  const seal = ITEMS_BY_ID.get('summoners_seal')!;
  const essence = flask.cost / 50; // the flask grants 50 essence (src/game/data/items.ts)
  const token = 300 / coffer.cost; // the coffer grants 300 gold for its tokens
  return { gold: 1, magic_essence: essence, combat_tokens: token, summoning_scrolls: seal.cost };
})();

export interface Income {
  gold: number;
  magic_essence: number;
  summoning_scrolls: number;
  combat_tokens: number;
  /** xp paid to each hero that fought, summed */
  xp_per_hero: number;
}
const none = (): Income => ({
  gold: 0,
  magic_essence: 0,
  summoning_scrolls: 0,
  combat_tokens: 0,
  xp_per_hero: 0,
});
export const worth = (i: Income): number =>
  i.gold +
  i.magic_essence * WORTH.magic_essence +
  i.summoning_scrolls * WORTH.summoning_scrolls +
  i.combat_tokens * WORTH.combat_tokens;

/** One quest as the player played it: how long it took and whether it was done within the day's minutes. */
export interface QuestPlay {
  kind: QuestKind;
  seconds: number;
  done: boolean;
}

export interface DailyReport {
  days: number;
  minutesPerDay: number;
  play: Income;
  daily: Income;
  /** per day: the daily layer's share of the day's income, in gold's worth */
  shares: number[];
  quests: QuestPlay[];
  bonuses: number;
  levels: number[];
}

export interface DailyOptions {
  days?: number;
  minutesPerDay?: number;
  seed?: number;
  samples?: number;
  time?: TimeModel;
}

/** Which session a fight quest is played in, and what else it needs. */
const QUEST_PLAY: Partial<Record<QuestKind, SessionKind>> = {
  arena_win: 'arena duels',
  dungeon_floor: 'dungeon runs',
  battle_win: 'quick battles',
  turn_based: 'turn-based battles',
  underdog_win: 'arena duels',
};

export function playDays(o: DailyOptions = {}): DailyReport {
  const days = o.days ?? 28;
  const minutesPerDay = o.minutesPerDay ?? 15;
  const { t, team: first, w, spent } = newPlayer(createPrng(hashSeed('sim-daily', o.seed ?? 20261123)), o);
  let team = first;
  let scrolls = 0;
  const play = none();
  const daily = none();
  const shares: number[] = [];
  const quests: QuestPlay[] = [];
  let calendarClaims = 0;
  let bonuses = 0;
  let n = 0;

  for (let day = 0; day < days; day++) {
    const dayStart = day * DAY_S;
    t.now = dayStart;
    t.run = null;
    const end = dayStart + minutesPerDay * 60;
    const today = { play: none(), daily: none() };
    const credit = (into: Income, r: DailyReward | Rewards) => {
      for (const c of ['gold', 'magic_essence', 'combat_tokens'] as const) {
        into[c] += r[c] ?? 0;
        w[c] += r[c] ?? 0;
      }
      const s = (r as DailyReward).summoning_scrolls ?? 0;
      into.summoning_scrolls += s;
      scrolls += s;
    };
    // What the shop bought today (it buys and uses items as gold comes): the item errands, done on the way.
    const shopBefore = spent.upgrades + spent.levels + spent.scrolls;

    /** One fight of `session` (arena duels under 50% when asked), its pay banked; answers what happened. */
    const fight = (session: SessionKind, underdog = false): Outcome => {
      const { outcome, heroes } =
        underdog && session === 'arena duels'
          ? arenaDuel(team, t, n, (p) => p < 0.5)
          : fightOf(session, team, t, n);
      n++;
      t.now += outcome.seconds;
      const paid = outcome.bonus ? add(outcome.rewards, outcome.bonus) : outcome.rewards;
      for (const c of ['gold', 'magic_essence', 'combat_tokens'] as const) {
        today.play[c] += paid[c];
        play[c] += paid[c];
      }
      today.play.xp_per_hero += paid.xp_per_hero * heroes.length;
      play.xp_per_hero += paid.xp_per_hero * heroes.length;
      team = bank(team, w, spent, paid, heroes, n);
      return outcome;
    };

    // Open /daily: the calendar's reward.
    t.now += CLAIMING_S;
    credit(today.daily, calendarReward(nextCalendarDay(calendarClaims)));
    calendarClaims++;

    // The three quests, fights first (the draw's order), each until done or the day's minutes are up.
    // Every place open: the player fights in the arena and dungeons from day 1 (past stage 1-8).
    const drawn = questsOfDay('sim_player', day, 'every');
    let done = 0;
    for (const q of drawn) {
      const started = t.now;
      let progress = 0;
      const session = QUEST_PLAY[q.id];
      if (session) {
        const kindOf =
          session === 'arena duels' ? 'arena' : session === 'dungeon runs' ? 'dungeon' : 'random';
        while (progress < q.goal && t.now < end) {
          const out = fight(session, q.id === 'underdog_win');
          const mode = session === 'turn-based battles' ? 'turn_based' : 'auto';
          if (fightActs({ kind: kindOf, mode, won: out.won, probability: out.probability }).includes(q.id))
            progress++;
        }
      } else if (t.now + ERRAND_S <= end) {
        // An errand's price comes out of what the day's fights bring in (the wallet may dip below zero until they
        // do): the player sets that much aside from the shop.
        t.now += ERRAND_S;
        if (q.id === 'summon') {
          if (scrolls > 0) scrolls--;
          else w.gold -= ITEMS_BY_ID.get('summoners_seal')!.cost;
          team = summonPair(team, spent);
        } else if (q.id === 'reroll') {
          w.magic_essence -= 50;
          team = [rerollAbilities(team[0]!, hashSeed('sim-reroll', day)), ...team.slice(1)];
        } else if (
          (q.id === 'buy_item' || q.id === 'use_item') &&
          spent.upgrades + spent.levels + spent.scrolls === shopBefore
        ) {
          // Nothing bought and used yet today: a Flask of Essence (essence back for its gold).
          w.gold -= ITEMS_BY_ID.get('flask_of_essence')!.cost;
          w.magic_essence += 50;
        }
        progress = 1;
      }
      const completed = progress >= q.goal;
      quests.push({ kind: q.id, seconds: t.now - started, done: completed });
      if (completed) {
        done++;
        credit(today.daily, q.reward);
      }
    }
    if (done === drawn.length) {
      bonuses++;
      credit(today.daily, DAILY_BONUS);
    }
    // A scroll the layer paid and no summon used: the player summons with it, as a Seal would.
    while (scrolls > 0) {
      scrolls--;
      team = summonPair(team, spent);
    }
    // The rest of the day's minutes: dungeon runs, the best-paying play.
    while (t.now < end) fight('dungeon runs');

    for (const c of ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'] as const)
      daily[c] += today.daily[c];
    shares.push(worth(today.daily) / (worth(today.daily) + worth(today.play)));
  }
  return {
    days,
    minutesPerDay,
    play,
    daily,
    shares,
    quests,
    bonuses,
    levels: team.map((h) => h.level),
  };
}

// ---- what it measured ----------------------------------------------------------------------------------------------

const f0 = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (x: number) => `${Math.round(100 * x)}%`;

export function printDaily(r: DailyReport): string {
  const perDay = (i: Income) => ({
    gold: i.gold / r.days,
    magic_essence: i.magic_essence / r.days,
    summoning_scrolls: i.summoning_scrolls / r.days,
    combat_tokens: i.combat_tokens / r.days,
    xp_per_hero: i.xp_per_hero / r.days,
  });
  const p = perDay(r.play);
  const d = perDay(r.daily);
  const row = (name: string, i: Income) =>
    `| ${name} | ${f0(i.gold)} | ${f0(i.magic_essence)} | ${i.summoning_scrolls.toFixed(2)} | ${f0(i.combat_tokens)} | ${f0(worth(i))} | ${f0(i.xp_per_hero)} |`;
  const weeks = Array.from({ length: Math.ceil(r.days / 7) }, (_, k) => {
    const s = r.shares.slice(7 * k, 7 * k + 7);
    return `week ${k + 1}: ${pct(s.reduce((a, b) => a + b, 0) / s.length)}`;
  });
  const share = worth(r.daily) / (worth(r.daily) + worth(r.play));
  const lines = [
    `A player who plays ${r.minutesPerDay} minutes a day for ${r.days} days, the daily layer included (per day, on average):`,
    '',
    '| Income a day | Gold | Essence | Scrolls | Tokens | Gold’s worth | XP to heroes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    row('the fights played', p),
    row('the daily layer', d),
    '',
    `The daily layer's share of a day's income, in gold's worth: ${pct(share)} (goal: a third to a half); ${weeks.join(', ')}. ` +
      `Gold alone: ${pct(d.gold / (d.gold + p.gold))}. Bonus earned ${r.bonuses} of ${r.days} days; the team ends at levels ${r.levels.join(', ')} (max ${MAX_LEVEL}).`,
    `Worth: an essence ${WORTH.magic_essence} gold (Flask of Essence), a token ${WORTH.combat_tokens} (Victor's Coffer), a scroll ${WORTH.summoning_scrolls} (Summoner's Seal).`,
    '',
    '| Quest | Drawn | Done | Mean time | Longest |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const q of QUESTS) {
    const plays = r.quests.filter((x) => x.kind === q.id);
    if (plays.length === 0) continue;
    const secs = plays.map((x) => x.seconds);
    lines.push(
      `| ${q.text} | ${plays.length} | ${plays.filter((x) => x.done).length} | ${(secs.reduce((a, b) => a + b, 0) / secs.length / 60).toFixed(1)} min | ${(Math.max(...secs) / 60).toFixed(1)} min |`,
    );
  }
  lines.push(
    '',
    `Rewards: quests ${QUESTS.map((q) => `${q.id} ${rewardWords(q.reward)}`).join('; ')}; bonus ${rewardWords(DAILY_BONUS)}; calendar ${CALENDAR.map(rewardWords).join(' / ')}.`,
  );
  return lines.join('\n');
}

const rewardWords = (r: DailyReward) =>
  Object.entries(r)
    .filter(([, v]) => (v ?? 0) > 0)
    .map(
      ([c, v]) =>
        `${v} ${c === 'magic_essence' ? 'essence' : c === 'summoning_scrolls' ? 'scroll' : c === 'combat_tokens' ? 'tokens' : c}`,
    )
    .join(' + ');
