// The economy simulation (issues 17 and "Trust, part two"): a scripted player plays sessions of each kind of fight
// the way a sensible player would — the real rules core (generation, odds, battles, level-ups, items) and the real
// reward function (src/game/rewards.ts rewardsFor, the one the server pays with), no HTTP — and spends what it earns
// in the real shop. Prints what each kind of fight pays per minute of real play (gold, xp to every hero paid,
// essence), how far apart the kinds are, and per session: fights to level 10 and gold earned vs gold spendable.
//
// How long a fight takes (src/game/play-time.ts, where each number comes from): a quick fight — quick battle, arena
// duel, dungeon floor, a boss fought at once — is QUICK_FIGHT_S (the result screens play nothing back at the
// default speed), plus CHOOSE_S for picking an arena opponent or a new run's team. A turn-based battle — a random
// one, or a dungeon boss fought turn by turn — is its decisions × DECISION_S, the seconds a decision takes: the
// measured 2.5–4.5 minutes of a turn-based 4v4 (the middle, 210 s) over the real engine's median decisions in one,
// counted here at start-up. Its pay is credited per decision as the server credits it (decisionCredit).
//
// A session is one kind of play for `fights` fights or `seconds` of play, whichever ends first, so a daily player
// (a few minutes of several kinds) is a list of short sessions on one team and wallet (`play` takes them).
// The daily player (./daily-player.ts) plays the same fights a few minutes a day with the daily layer's quests.
// Run: npm run sim:economy [-- minutes=60 seed=20261123 daily-minutes=15]

import { DUNGEONS, type DungeonDef } from '../src/game/data/dungeons.ts';
import { floorLineUp } from '../src/game/dungeon-tiers.ts';
import {
  ITEMS_BY_ID,
  type UpgradeStat,
  upgradeSteps,
  UPGRADE_CAP,
  UPGRADE_STEP,
} from '../src/game/data/items.ts';
import {
  createPrng,
  estimateOdds,
  fightingFingerprints,
  generateHero,
  grantXp,
  hashSeed,
  MAX_LEVEL,
  xpToNextLevel,
  rewardsFor,
  repeatWinFactor,
  REPEAT_WIN_WINDOW_S,
  scaleRewards,
  clearBonus,
  startBattle,
  type Hero,
  type Prng,
  type Rewards,
} from '../src/game/index.ts';
import type { RewardInput } from '../src/game/rewards.ts';
import { CHOOSE_S, decisionCredit, MEASURED_BATTLE_MID_S, QUICK_FIGHT_S } from '../src/game/play-time.ts';
import type { FightKind } from '../src/game/types.ts';
import { baseStats, useItem } from '../src/game/items.ts';
import { randomFoes } from '../src/server/fights/random-foes.ts';
import { dungeonNpcs, typicalTeams } from '../src/game/difficulty.ts';
import { playDays, printDaily } from './daily-player.ts';

/**
 * The kinds of fight, each timed and paid its own way (a row of the per-minute table), and the dungeon runs as wholes:
 * every floor, the boss and the clear bonus, which the run earns (a fight's own row leaves it out).
 */
export const FIGHTS = [
  'quick battle',
  'turn-based battle',
  'arena duel',
  'dungeon floor',
  'dungeon boss, at once',
  'dungeon boss, turn by turn',
  'dungeon run, boss at once',
  'dungeon run, boss turn by turn',
] as const;
export type Fight = (typeof FIGHTS)[number];

/** The ways a session plays. */
export const SESSIONS = [
  'quick battles',
  'turn-based battles',
  'arena duels',
  'dungeon runs',
  'dungeon runs, boss turn by turn',
] as const;
export type SessionKind = (typeof SESSIONS)[number];

// ---- time ----------------------------------------------------------------------------------------------------------

/** A turn-based battle as a sensible player steers it (the hard AI choosing, as a careful player would). */
function steered(seed: number, team: Hero[], enemies: Hero[]): { won: boolean; decisions: number } {
  const { state } = startBattle(seed, team, enemies, {
    battleId: 'sim',
    allyAi: 'hard',
    enemyAi: 'normal',
    auto: true,
  });
  const allies = new Set(team.map((h) => h.id));
  // Each of the team's turns is one decision of the player's.
  let decisions = 0;
  for (const e of state.events) if (e.kind === 'turn' && e.actor_id && allies.has(e.actor_id)) decisions++;
  return { won: state.status === 'won', decisions };
}

/**
 * The real engine's decisions in a turn-based 4v4: typical teams of levels 1–10 (the real generation) against the
 * random foes their level meets, steered as the simulated player steers.
 */
export function decisionsPerBattle(teamsPerLevel = 40): { median: number; p10: number; p90: number } {
  const counts: number[] = [];
  for (const level of [1, 3, 5, 7, 10])
    for (const [t, team] of typicalTeams(level, teamsPerLevel).entries()) {
      const rng = createPrng(hashSeed('sim-decisions', level, t));
      const { enemies } = randomFoes(team, rng.int(16));
      counts.push(steered(rng.int(0x7fffffff), team, enemies).decisions);
    }
  counts.sort((a, b) => a - b);
  const at = (q: number) => counts[Math.floor(q * (counts.length - 1))];
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

export interface TimeModel {
  /** Seconds of real play one turn-based decision takes: the measured battle over the median decisions. */
  decisionS: number;
  medianDecisions: number;
}

export function timeModel(teamsPerLevel = 40): TimeModel {
  const { median } = decisionsPerBattle(teamsPerLevel);
  return { decisionS: MEASURED_BATTLE_MID_S / median, medianDecisions: median };
}

// ---- the player's state --------------------------------------------------------------------------------------------

export interface Wallet {
  gold: number;
  magic_essence: number;
  combat_tokens: number;
}

/** What one kind of fight paid over a session, and the real time it took. */
export interface Tally {
  fights: number;
  wins: number;
  seconds: number;
  oddsSum: number;
  gold: number;
  /** xp paid to each hero that fought, summed over the fights (what levels a hero) */
  xp_per_hero: number;
  /** xp paid to every hero that fought (a team of four counts four times) */
  xp: number;
  magic_essence: number;
  combat_tokens: number;
  decisions: number;
}

const emptyTally = (): Tally => ({
  fights: 0,
  wins: 0,
  seconds: 0,
  oddsSum: 0,
  gold: 0,
  xp_per_hero: 0,
  xp: 0,
  magic_essence: 0,
  combat_tokens: 0,
  decisions: 0,
});

export interface SessionReport {
  session: SessionKind;
  fights: number;
  seconds: number;
  byFight: Map<Fight, Tally>;
  total: Tally;
  fightsToLevel10: number | null;
  goldOnUpgrades: number;
  goldOnLevels: number;
  goldOnScrolls: number;
  recruits: number;
  goldLeft: number;
  upgradePathLeft: number;
}

// ---- odds with a small cache (a matchup's odds only change when a side changes) ---------------------------------

const oddsCache = new Map<string, number>();
// Keyed as the server keys it: each side as the rules core compiles it (fightingFingerprints), in picking order.
const sideKey = (hs: Hero[]) => fightingFingerprints(hs).join('|');
function odds(a: Hero[], b: Hero[], samples: number): number {
  const key = `${samples}#${sideKey(a)}#${sideKey(b)}`;
  let p = oddsCache.get(key);
  if (p === undefined) {
    p = estimateOdds(hashSeed('sim-odds', key), a, b, {
      minSamples: samples,
      maxSamples: samples,
    }).probability;
    oddsCache.set(key, p);
  }
  return p;
}

// ---- the shop, as a sensible player uses it ----------------------------------------------------------------------

const UPGRADES: [string, UpgradeStat][] = [
  ['tempered_edge', 'atk'],
  ['heroic_tonic', 'max_hp'],
  ['runed_plating', 'def'],
  ['zephyr_feather', 'spd'],
];
const stepsOf = (stat: UpgradeStat) => Math.round(UPGRADE_CAP[stat] / UPGRADE_STEP[stat]);

/** Gold the team's upgrade path can still take (every stat of every hero to its cap). */
function upgradePathLeft(team: Hero[]): number {
  let gold = 0;
  for (const h of team)
    for (const [id, stat] of UPGRADES)
      gold += Math.max(0, stepsOf(stat) - upgradeSteps(h, stat, baseStats(h))) * ITEMS_BY_ID.get(id)!.cost;
  return gold;
}

export interface Spent {
  upgrades: number;
  levels: number;
  scrolls: number;
  recruits: number;
  summoned: number;
}

/**
 * Spends like a sensible player: tokens on the Champion's Banner while it raises something, then on coffers
 * (gold); gold on the upgrade the team lacks most (attack first); once every upgrade is bought, levels (an Elixir,
 * or the Shard of Ascension where it is the cheaper xp), then summoning scrolls — a rarer recruit replaces the
 * team's least rare hero, who then has its own path to walk.
 */
export function shop(team: Hero[], w: Wallet, spent: Spent, seed: number): Hero[] {
  let t = team;
  const apply = (idx: number, itemId: string) => {
    const r = useItem(itemId, { hero: t[idx], seed });
    if (!r.ok) return false;
    t = t.map((h, i) => (i === idx ? r.hero! : h));
    return true;
  };
  const banner = ITEMS_BY_ID.get('champions_banner')!;
  while (w.combat_tokens >= banner.cost) {
    const idx = t.findIndex((h) => useItem(banner, { hero: h, seed }).ok);
    if (idx < 0) break;
    w.combat_tokens -= banner.cost;
    apply(idx, banner.id);
  }
  const coffer = ITEMS_BY_ID.get('victors_coffer')!;
  while (w.combat_tokens >= coffer.cost + banner.cost) {
    w.combat_tokens -= coffer.cost;
    w.gold += 300;
  }
  for (;;) {
    let best: { idx: number; id: string; cost: number; steps: number } | null = null;
    for (const [i, h] of t.entries())
      for (const [id, stat] of UPGRADES) {
        const steps = upgradeSteps(h, stat, baseStats(h));
        if (steps >= stepsOf(stat)) continue;
        if (!best || steps < best.steps) best = { idx: i, id, cost: ITEMS_BY_ID.get(id)!.cost, steps };
      }
    if (!best || w.gold < best.cost) break;
    w.gold -= best.cost;
    spent.upgrades += best.cost;
    apply(best.idx, best.id);
  }
  if (upgradePathLeft(t) > 0) return t;
  const elixir = ITEMS_BY_ID.get('elixir_of_mastery')!;
  const shard = ITEMS_BY_ID.get('shard_of_ascension')!;
  for (;;) {
    const idx = t.findIndex((h) => h.level < MAX_LEVEL);
    if (idx < 0) break;
    const need = xpToNextLevel(t[idx].level) - t[idx].xp;
    const item = need / shard.cost > 300 / elixir.cost ? shard : elixir;
    if (w.gold < item.cost) return t;
    w.gold -= item.cost;
    spent.levels += item.cost;
    apply(idx, item.id);
  }
  const seal = ITEMS_BY_ID.get('summoners_seal')!;
  while (w.gold >= seal.cost) {
    w.gold -= seal.cost;
    spent.scrolls += seal.cost;
    const before = t;
    t = summonPair(t, spent);
    if (t !== before) break; // the newcomer has its own path to walk first
  }
  return t;
}

/** One paid summon (its scroll already paid): a pair drawn; the rarer replaces the team's least rare hero if rarer. */
export function summonPair(team: Hero[], spent: Spent): Hero[] {
  spent.summoned++;
  const [a, b] = [0, 1].map((k) =>
    generateHero(hashSeed('sim-summon', spent.summoned, k), {
      id: `sim_s${spent.summoned}_${k}`,
      userId: 'me',
    }),
  );
  const best = b.rarity > a.rarity ? b : a;
  const weakest = team.reduce((m, h, i) => (h.rarity < team[m].rarity ? i : m), 0);
  if (best.rarity <= team[weakest].rarity) return team;
  spent.recruits++;
  return team.map((h, i) => (i === weakest ? best : h));
}

// ---- the fights ----------------------------------------------------------------------------------------------------

export interface Outcome {
  fight: Fight;
  won: boolean;
  probability: number;
  rewards: Rewards;
  /** a dungeon's clear bonus, paid with its boss floor */
  bonus?: Rewards;
  seconds: number;
  decisions?: number;
  /** Which heroes take the xp (all of the team unless said). */
  heroes?: number[];
}

/** What a session's fights share: its PRNG, the time model, the odds samples, its clock and its arena record. */
export interface Table {
  rng: Prng;
  time: TimeModel;
  samples: number;
  /** seconds played so far this session */
  now: number;
  arenaWins: Map<string, number[]>;
  run: Run | null;
}

const enemyLevelOf = (foes: Hero[]) => Math.max(...foes.map((e) => e.level));

/** A turn-based battle against `enemies`, steered by the player, paid by the rules for the time it was played. */
function turnBased(
  fight: Fight,
  kind: FightKind,
  team: Hero[],
  enemies: Hero[],
  t: Table,
  pay: Omit<RewardInput, 'won' | 'probability' | 'mode' | 'playedSeconds' | 'enemyLevel' | 'teamSize'>,
): Outcome {
  const p = odds(team, enemies, t.samples);
  const { won, decisions } = steered(t.rng.int(0x7fffffff), team, enemies);
  // Each decision takes the measured pace and is credited as the server credits it.
  const playedSeconds = decisions * decisionCredit(t.time.decisionS * 1000);
  const rewards = rewardsFor(kind, {
    won,
    mode: 'turn_based',
    playedSeconds,
    probability: p,
    enemyLevel: enemyLevelOf(enemies),
    teamSize: team.length,
    ...pay,
  });
  return { fight, won, probability: p, rewards, seconds: decisions * t.time.decisionS, decisions };
}

function quickBattle(team: Hero[], t: Table): Outcome {
  const { enemies } = randomFoes(team, t.rng.int(16));
  const p = odds(team, enemies, t.samples);
  const won = t.rng.next() > 1 - p;
  const rewards = rewardsFor('random', {
    won,
    probability: p,
    enemyLevel: enemyLevelOf(enemies),
    teamSize: team.length,
  });
  return { fight: 'quick battle', won, probability: p, rewards, seconds: QUICK_FIGHT_S };
}

function turnBasedBattle(team: Hero[], t: Table): Outcome {
  const { enemies } = randomFoes(team, t.rng.int(16));
  return turnBased('turn-based battle', 'random', team, enemies, t, {});
}

/**
 * The opponents the arena offers a hero: eight other players' heroes within a level of it (typical heroes, each a
 * new one — a live server's many players and Find a fair match's fresh opponents) and, as often as there are
 * dungeons to field them, a dungeon's NPC. Beating the same one again (the repeat-win rule) is then the player's
 * choice, which the sensible player weighs.
 */
const NPCS: Hero[] = DUNGEONS.flatMap((d) => [...dungeonNpcs(d).values()]);
function arenaOffers(me: Hero, t: Table, n: number, fair = false): Hero[] {
  // Find a fair match (a daily quest asking for a win under 50%): the rating neighbours of a live server are heroes
  // of the same strength, some a little stronger — here the hero's like, up to 15% stronger.
  if (fair)
    return Array.from({ length: 8 }, (_, k) => {
      const f = 1 + (0.15 * k) / 7;
      const up = (x: number) => Math.round(x * f);
      return {
        ...me,
        id: `fair_${n}_${k}`,
        hp: up(me.hp),
        max_hp: up(me.max_hp),
        atk: up(me.atk),
        def: up(me.def),
      };
    });
  const offers = Array.from({ length: 8 }, (_, k) => {
    const level = Math.max(1, Math.min(MAX_LEVEL, me.level + t.rng.int(3) - 1));
    return generateHero(hashSeed('sim-arena-foe', n, k), { id: `foe_${n}_${k}`, userId: 'someone', level });
  });
  offers.push(t.rng.pick(NPCS));
  return offers;
}

/**
 * The sensible duel: each hero in turn, against the offered opponent that pays the most on average — the repeat-win
 * rule included (the player's win times by opponent, on the session's clock).
 */
export function arenaDuel(
  team: Hero[],
  t: Table,
  n: number,
  /** the stated odds the player will take (a daily quest asks for under 50%: then among fair matches) */
  accept?: (p: number) => boolean,
): { outcome: Outcome; heroes: number[] } {
  const idx = n % team.length;
  const me = team[idx];
  const factorOf = (opp: Hero) =>
    repeatWinFactor((t.arenaWins.get(opp.id) ?? []).filter((w) => w > t.now - REPEAT_WIN_WINDOW_S).length);
  let best: { opp: Hero; p: number; ev: number } | null = null;
  const offers = arenaOffers(me, t, n, accept !== undefined).map((opp) => ({
    opp,
    p: odds([me], [opp], t.samples),
  }));
  const taken = accept && offers.some((o) => accept(o.p)) ? offers.filter((o) => accept(o.p)) : offers;
  for (const { opp, p } of taken) {
    const ev =
      p *
      rewardsFor('arena', { won: true, probability: p, enemyLevel: opp.level, teamSize: 1 }).gold *
      factorOf(opp);
    if (!best || ev > best.ev) best = { opp, p, ev };
  }
  const won = t.rng.next() > 1 - best!.p;
  const full = rewardsFor('arena', { won, probability: best!.p, enemyLevel: best!.opp.level, teamSize: 1 });
  const rewards = scaleRewards(full, factorOf(best!.opp));
  if (won) t.arenaWins.set(best!.opp.id, [...(t.arenaWins.get(best!.opp.id) ?? []), t.now]);
  return {
    outcome: { fight: 'arena duel', won, probability: best!.p, rewards, seconds: CHOOSE_S + QUICK_FIGHT_S },
    heroes: [idx],
  };
}

interface Run {
  d: DungeonDef;
  floor: number;
}

const floorFoes = (team: Hero[], run: Run) => {
  const { enemies, bossFloor } = floorLineUp(run.d, 1, run.floor, team.length);
  return { foes: enemies, bossFloor };
};

const floorPay = (d: DungeonDef) => ({ difficulty: d.difficulty, multiplier: d.rewardsMultiplier });

/** The dungeon whose first floor pays the most on average with this team. */
function pickDungeon(team: Hero[], samples: number): DungeonDef {
  let best: { d: DungeonDef; ev: number } | null = null;
  for (const d of DUNGEONS) {
    const { foes } = floorFoes(team, { d, floor: 1 });
    const p = odds(team, foes, samples);
    const r = rewardsFor('dungeon', {
      won: true,
      probability: p,
      teamSize: team.length,
      enemyLevel: enemyLevelOf(foes),
      ...floorPay(d),
    });
    const ev = p * r.gold;
    if (!best || ev > best.ev) best = { d, ev };
  }
  return best!.d;
}

export const add = (a: Rewards, b: Rewards): Rewards => ({
  gold: a.gold + b.gold,
  xp_per_hero: a.xp_per_hero + b.xp_per_hero,
  magic_essence: a.magic_essence + b.magic_essence,
  combat_tokens: a.combat_tokens + b.combat_tokens,
});

/** The run's next floor: quick, or the boss turn by turn when `bossTurnByTurn`; a new run's first floor picks a team. */
function dungeonFight(team: Hero[], t: Table, bossTurnByTurn: boolean): Outcome {
  const newRun = t.run === null;
  const run = (t.run ??= { d: pickDungeon(team, t.samples), floor: 1 });
  const { foes, bossFloor } = floorFoes(team, run);
  const pay = floorPay(run.d);
  let o: Outcome;
  if (bossFloor && bossTurnByTurn) {
    o = turnBased('dungeon boss, turn by turn', 'dungeon', team, foes, t, pay);
  } else {
    const p = odds(team, foes, t.samples);
    const won = t.rng.next() > 1 - p;
    const rewards = rewardsFor('dungeon', {
      won,
      probability: p,
      teamSize: team.length,
      enemyLevel: enemyLevelOf(foes),
      ...pay,
    });
    o = {
      fight: bossFloor ? 'dungeon boss, at once' : 'dungeon floor',
      won,
      probability: p,
      rewards,
      seconds: QUICK_FIGHT_S,
    };
  }
  // A new run's team is picked first. The boss is fought from the floor's result, at once or turn by turn.
  if (newRun) o.seconds += CHOOSE_S;
  if (o.won && bossFloor)
    o.bonus = clearBonus({ floors: run.d.floors, multiplier: run.d.rewardsMultiplier }, o.probability);
  t.run = o.won && !bossFloor ? { d: run.d, floor: run.floor + 1 } : null;
  return o;
}

// ---- the player ----------------------------------------------------------------------------------------------------

export interface PlayOptions {
  /** fights to play (default 300), or fewer if `seconds` of play are up first */
  fights?: number;
  /** seconds of play to stop at (a fight under way is finished) */
  seconds?: number;
  seed?: number;
  /** simulated battles per odds estimate (the server's ≥ 2,000; fewer is quicker and a little noisier) */
  samples?: number;
  time?: TimeModel;
}

/** The session's next fight, as the sensible player fights it; `heroes` are the team's members it pays xp to. */
export function fightOf(
  session: SessionKind,
  team: Hero[],
  t: Table,
  n: number,
): { outcome: Outcome; heroes: number[] } {
  const all = team.map((_, i) => i);
  if (session === 'quick battles') return { outcome: quickBattle(team, t), heroes: all };
  if (session === 'turn-based battles') return { outcome: turnBasedBattle(team, t), heroes: all };
  if (session === 'arena duels') return arenaDuel(team, t, n);
  return { outcome: dungeonFight(team, t, session === 'dungeon runs, boss turn by turn'), heroes: all };
}

/** A fight's pay into the wallet and the heroes that fought, then the shop: answers the team after. */
export function bank(
  team: Hero[],
  w: Wallet,
  spent: Spent,
  paid: Rewards,
  heroes: number[],
  n: number,
): Hero[] {
  w.gold += paid.gold;
  w.magic_essence += paid.magic_essence;
  w.combat_tokens += paid.combat_tokens;
  const xp = paid.xp_per_hero;
  const paidTeam = xp > 0 ? team.map((h, i) => (heroes.includes(i) ? grantXp(h, xp).hero : h)) : team;
  return shop(paidTeam, w, spent, n);
}

/** A new player: the table its fights share, a team of four typical level-1 heroes, an empty wallet. */
export function newPlayer(rng: Prng, o: PlayOptions) {
  const t: Table = {
    rng,
    time: o.time ?? timeModel(),
    samples: o.samples ?? 800,
    now: 0,
    arenaWins: new Map(),
    run: null,
  };
  const team = typicalTeams(1, 1)[0].map((h, i) => ({ ...h, id: `sim_${i}` }));
  const w: Wallet = { gold: 0, magic_essence: 0, combat_tokens: 0 };
  const spent: Spent = { upgrades: 0, levels: 0, scrolls: 0, recruits: 0, summoned: 0 };
  return { t, team, w, spent };
}

export function play(session: SessionKind, o: PlayOptions = {}): SessionReport {
  const fights = o.fights ?? 300;
  const {
    t,
    team: first,
    w,
    spent,
  } = newPlayer(createPrng(hashSeed('sim-economy', session, o.seed ?? 20261123)), o);
  let team = first;
  const byFight = new Map<Fight, Tally>();
  const total = emptyTally();
  let fightsToLevel10: number | null = null;
  let n = 0;
  for (; n < fights && t.now < (o.seconds ?? Infinity); n++) {
    const { outcome: out, heroes } = fightOf(session, team, t, n);
    t.now += out.seconds;
    const paid = out.bonus ? add(out.rewards, out.bonus) : out.rewards;
    const tallyOf = (f: Fight) => byFight.get(f) ?? byFight.set(f, emptyTally()).get(f)!;
    const tallies: [Tally, Rewards][] = [
      [total, paid],
      [tallyOf(out.fight), out.rewards],
    ];
    if (session.startsWith('dungeon runs'))
      tallies.push([
        tallyOf(
          session.endsWith('turn by turn') ? 'dungeon run, boss turn by turn' : 'dungeon run, boss at once',
        ),
        paid,
      ]);
    for (const [tally, r] of tallies) {
      tally.fights++;
      if (out.won) tally.wins++;
      tally.seconds += out.seconds;
      tally.oddsSum += out.probability;
      tally.gold += r.gold;
      tally.xp_per_hero += r.xp_per_hero;
      tally.xp += r.xp_per_hero * heroes.length;
      tally.magic_essence += r.magic_essence;
      tally.combat_tokens += r.combat_tokens;
      tally.decisions += out.decisions ?? 0;
    }
    team = bank(team, w, spent, paid, heroes, n);
    if (fightsToLevel10 === null && team.every((h) => h.level >= MAX_LEVEL)) fightsToLevel10 = n + 1;
  }
  return {
    session,
    fights: n,
    seconds: t.now,
    byFight,
    total,
    fightsToLevel10,
    goldOnUpgrades: spent.upgrades,
    goldOnLevels: spent.levels,
    goldOnScrolls: spent.scrolls,
    recruits: spent.recruits,
    goldLeft: w.gold,
    upgradePathLeft: upgradePathLeft(team),
  };
}

// ---- what it measured ----------------------------------------------------------------------------------------------

export interface PerMinute {
  fight: Fight;
  tally: Tally;
  gold: number;
  /** per hero that fought */
  xp_per_hero: number;
  /** to all the heroes that fought */
  xp: number;
  magic_essence: number;
  combat_tokens: number;
}

/** Each kind of fight over every session that fought it: what it paid per minute of play. */
export function perMinute(reports: SessionReport[]): PerMinute[] {
  const rows: PerMinute[] = [];
  for (const fight of FIGHTS) {
    const tally = emptyTally();
    for (const r of reports) {
      const x = r.byFight.get(fight);
      if (!x) continue;
      for (const k of Object.keys(tally) as (keyof Tally)[]) tally[k] += x[k];
    }
    if (tally.fights === 0) continue;
    const min = tally.seconds / 60;
    rows.push({
      fight,
      tally,
      gold: tally.gold / min,
      xp_per_hero: tally.xp_per_hero / min,
      xp: tally.xp / min,
      magic_essence: tally.magic_essence / min,
      combat_tokens: tally.combat_tokens / min,
    });
  }
  return rows;
}

/**
 * The widest gap per minute between two kinds of fight, per currency: the best kind's pay over the worst's. XP is
 * counted per hero that fought — what levels a hero; a duel levels one hero, a team fight four (both columns print).
 */
export function spread(rows: PerMinute[]): { gold: number; xp_per_hero: number; magic_essence: number } {
  const gap = (k: 'gold' | 'xp_per_hero' | 'magic_essence') => {
    const v = rows.map((r) => r[k]);
    return Math.max(...v) / Math.min(...v);
  };
  return { gold: gap('gold'), xp_per_hero: gap('xp_per_hero'), magic_essence: gap('magic_essence') };
}

const f1 = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

export function printPerMinute(rows: PerMinute[]): string {
  const lines = [
    '| Fight | Fights | Won | Mean odds | s/fight | Decisions/fight | Gold/fight | XP/hero/fight | Essence/fight | Gold/min | XP/hero/min | XP/min, all heroes | Essence/min | Tokens/min |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const t = r.tally;
    const per = (x: number) => f1(x / t.fights);
    lines.push(
      `| ${r.fight} | ${t.fights} | ${Math.round((100 * t.wins) / t.fights)}% | ${Math.round((100 * t.oddsSum) / t.fights)}% | ${(t.seconds / t.fights).toFixed(1)} | ${t.decisions ? (t.decisions / t.fights).toFixed(1) : '—'} | ${per(t.gold)} | ${per(t.xp_per_hero)} | ${per(t.magic_essence)} | ${f1(r.gold)} | ${f1(r.xp_per_hero)} | ${f1(r.xp)} | ${f1(r.magic_essence)} | ${f1(r.combat_tokens)} |`,
    );
  }
  const s = spread(rows);
  lines.push(
    '',
    `Widest gap per minute between two kinds: gold ${s.gold.toFixed(2)}×, xp per hero ${s.xp_per_hero.toFixed(2)}×, essence ${s.magic_essence.toFixed(2)}× (goal: each ≤ 2×).`,
  );
  return lines.join('\n');
}

export function printSessions(reports: SessionReport[]): string {
  const lines = [
    '| Session | Fights | Minutes | Fights to L10 (team) | Gold earned | Spent: upgrades / levels / scrolls | Recruits | Gold left | Upgrade path left |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of reports)
    lines.push(
      `| ${r.session} | ${r.fights} | ${f1(r.seconds / 60)} | ${r.fightsToLevel10 ?? `> ${r.fights}`} | ${f1(r.total.gold)} | ${f1(r.goldOnUpgrades)} / ${f1(r.goldOnLevels)} / ${f1(r.goldOnScrolls)} | ${r.recruits} | ${f1(r.goldLeft)} | ${f1(r.upgradePathLeft)} |`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  const minutes = Number(arg('minutes') ?? 60);
  const started = Date.now();
  const d = decisionsPerBattle();
  const time: TimeModel = { decisionS: MEASURED_BATTLE_MID_S / d.median, medianDecisions: d.median };
  const seed = Number(arg('seed') ?? 20261123);
  const reports = SESSIONS.map((s) => play(s, { fights: Infinity, seconds: minutes * 60, time, seed }));
  console.log(
    `Economy simulation: a team of four typical level-1 heroes plays ${minutes} minutes of each kind, gold spent in the shop as it comes.\n` +
      `Time: a quick fight ${QUICK_FIGHT_S} s, choosing an opponent or a run's team ${CHOOSE_S} s more; a turn-based decision ` +
      `${time.decisionS.toFixed(1)} s (the measured ${MEASURED_BATTLE_MID_S} s a 4v4 over the engine's median ${d.median} decisions; p10–p90 ${d.p10}–${d.p90}).\n`,
  );
  console.log(printPerMinute(perMinute(reports)));
  console.log('');
  console.log(printSessions(reports));
  // The daily layer (bench/daily-player.ts): a player of `daily-minutes` a day for four weeks.
  const dailyMinutes = Number(arg('daily-minutes') ?? 15);
  console.log('');
  console.log(printDaily(playDays({ days: 28, minutesPerDay: dailyMinutes, time, seed })));
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
