// The economy simulation (issue 17): a scripted player plays a few hundred fights of each kind the way a sensible
// player would — the real rules core (generation, odds, battles, level-ups, items) and the real reward table,
// no HTTP — and spends what it earns in the real shop. Prints, per kind: gold, xp, essence and tokens per fight and
// per minute of play, fights to level 10, and gold earned vs gold spendable.
//
// How long a fight takes to play: a quick fight (quick battle, arena duel, dungeon floor) counts QUICK_FIGHT_S —
// choose, press, read the result. A turn-based battle counts its real playback at 1× (the web client's own step
// timings, src/web/components/battle-playback.ts: stepDurations over each decision's events), plus THINK_S per
// decision and QUICK_FIGHT_S for starting it and reading its end.
// Run: npm run sim:economy [-- fights=300]

import { DUNGEONS, dungeonFloor, type DungeonDef } from '../src/game/data/dungeons.ts';
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
import { baseStats, useItem } from '../src/game/items.ts';
import { randomFoes } from '../src/server/random-foes.ts';
import { stepDurations } from '../src/web/components/battle-playback.ts';
import { dungeonNpcs, typicalTeams } from '../src/game/difficulty.ts';

export const QUICK_FIGHT_S = 6;
export const THINK_S = 2;
const ODDS_SAMPLES = 800;

type Kind = 'quick battle' | 'turn-based battle' | 'arena' | 'dungeon';

interface Wallet {
  gold: number;
  magic_essence: number;
  combat_tokens: number;
  summoning_scrolls: number;
}

export interface KindReport {
  kind: Kind;
  fights: number;
  wins: number;
  seconds: number;
  earned: Rewards & { xp_total: number };
  fightsToLevel10: number | null;
  goldSpent: number;
  goldOnUpgrades: number;
  goldOnLevels: number;
  goldOnScrolls: number;
  recruits: number;
  goldLeft: number;
  upgradePathLeft: number;
  meanOdds: number;
}

// ---- odds with a small cache (a matchup's odds only change when a side changes) ---------------------------------

const oddsCache = new Map<string, number>();
// Keyed as the server keys it: each side as the rules core compiles it (fightingFingerprints), in picking order.
const sideKey = (hs: Hero[]) => fightingFingerprints(hs).join('|');
function odds(a: Hero[], b: Hero[]): number {
  const key = `${sideKey(a)}#${sideKey(b)}`;
  let p = oddsCache.get(key);
  if (p === undefined) {
    p = estimateOdds(hashSeed('sim-odds', key), a, b, {
      minSamples: ODDS_SAMPLES,
      maxSamples: ODDS_SAMPLES,
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
      gold += (stepsOf(stat) - upgradeSteps(h, stat, baseStats(h))) * ITEMS_BY_ID.get(id)!.cost;
  return gold;
}

/**
 * Spends like a sensible player: tokens on the Champion's Banner while it raises something, then on coffers
 * (gold); gold on the upgrade the team lacks most (attack first); then levels and summoning scrolls (below).
 */
interface Spent {
  gold: number;
  upgrades: number;
  levels: number;
  scrolls: number;
  recruits: number;
}

let summoned = 0;

function shop(team: Hero[], w: Wallet, spent: Spent, seed: number): Hero[] {
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
    spent.gold += best.cost;
    spent.upgrades += best.cost;
    apply(best.idx, best.id);
  }
  // Once the path is walked: levels for whoever is below 10 (the Shard where it is the cheaper xp, else an
  // Elixir), then summoning scrolls — a rarer recruit replaces the team's least rare hero and starts the climb.
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
    spent.gold += item.cost;
    spent.levels += item.cost;
    apply(idx, item.id);
  }
  const seal = ITEMS_BY_ID.get('summoners_seal')!;
  while (w.gold >= seal.cost) {
    w.gold -= seal.cost;
    spent.gold += seal.cost;
    spent.scrolls += seal.cost;
    summoned++;
    const [a, b] = [0, 1].map((k) =>
      generateHero(hashSeed('sim-summon', summoned, k), { id: `sim_s${summoned}_${k}`, userId: 'me' }),
    );
    const best = b.rarity > a.rarity ? b : a;
    const weakest = t.reduce((m, h, i) => (h.rarity < t[m].rarity ? i : m), 0);
    if (best.rarity > t[weakest].rarity) {
      t = t.map((h, i) => (i === weakest ? best : h));
      spent.recruits++;
      break; // the newcomer has its own path to walk first
    }
  }
  return t;
}

// ---- the fights ----------------------------------------------------------------------------------------------------

interface Outcome {
  won: boolean;
  probability: number;
  rewards: Rewards;
  seconds: number;
  /** Which heroes take the xp (all of the team unless said). */
  heroes?: number[];
}

function payXp(team: Hero[], idx: number[], xp: number): Hero[] {
  return team.map((h, i) => (idx.includes(i) && xp > 0 ? grantXp(h, xp).hero : h));
}

const enemyLevelOf = (foes: Hero[]) => Math.max(...foes.map((e) => e.level));

function quickBattle(team: Hero[], rng: Prng): Outcome {
  const { enemies } = randomFoes(team, rng.int(16));
  const p = odds(team, enemies);
  const won = rng.next() > 1 - p;
  const rewards = rewardsFor('random', {
    won,
    probability: p,
    enemyLevel: enemyLevelOf(enemies),
    teamSize: team.length,
  });
  return { won, probability: p, rewards, seconds: QUICK_FIGHT_S };
}

/** A turn-based battle played by a sensible player (the hard AI steering the team), timed as the client plays it. */
function turnBased(team: Hero[], rng: Prng): Outcome {
  const { enemies } = randomFoes(team, rng.int(16));
  const p = odds(team, enemies);
  const { state } = startBattle(rng.int(0x7fffffff), team, enemies, {
    battleId: 'sim',
    allyAi: 'hard',
    enemyAi: 'normal',
    auto: true,
  });
  const allies = new Set(team.map((h) => h.id));
  // The client plays each answer's events before the next decision: split the log at the team's turns.
  const batches: (typeof state.events)[] = [[]];
  for (const e of state.events) {
    if (e.kind === 'turn' && e.actor_id && allies.has(e.actor_id)) batches.push([]);
    batches[batches.length - 1].push(e);
  }
  let ms = 0;
  for (const b of batches) ms += stepDurations(b, '1x').reduce((s, x) => s + x, 0);
  const decisions = batches.length - 1;
  const won = state.status === 'won';
  const rewards = rewardsFor('random', {
    won,
    mode: 'turn_based',
    probability: p,
    enemyLevel: enemyLevelOf(enemies),
    teamSize: team.length,
  });
  return { won, probability: p, rewards, seconds: ms / 1000 + THINK_S * decisions + QUICK_FIGHT_S };
}

/** Arena opponents: other players' heroes of every level (typical heroes) and the dungeons' NPCs. */
const ARENA_POOL: Hero[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((level) =>
    Array.from({ length: 4 }, (_, i) =>
      generateHero(hashSeed('arena-pool', level, i), { id: `pool_${level}_${i}`, userId: 'someone', level }),
    ),
  ),
  ...DUNGEONS.flatMap((d) => [...dungeonNpcs(d).values()]),
];

/**
 * The sensible duel: each hero in turn, against the best of a few offered opponents by expected pay — the repeat-win
 * rule included (`wins`: the player's win times by opponent, on the session's clock `now`).
 */
function arena(team: Hero[], rng: Prng, fight: number, wins: Map<string, number[]>, now: number): Outcome {
  const idx = fight % team.length;
  const me = team[idx];
  const factorOf = (opp: Hero) =>
    repeatWinFactor((wins.get(opp.id) ?? []).filter((t) => t > now - REPEAT_WIN_WINDOW_S).length);
  let best: { opp: Hero; p: number; ev: number } | null = null;
  for (let k = 0; k < 8; k++) {
    const opp = rng.pick(ARENA_POOL);
    const p = odds([me], [opp]);
    const ev =
      p *
      rewardsFor('arena', { won: true, probability: p, enemyLevel: opp.level, teamSize: 1 }).gold *
      factorOf(opp);
    if (!best || ev > best.ev) best = { opp, p, ev };
  }
  const won = rng.next() > 1 - best!.p;
  const full = rewardsFor('arena', {
    won,
    probability: best!.p,
    enemyLevel: best!.opp.level,
    teamSize: 1,
  });
  const rewards = scaleRewards(full, factorOf(best!.opp));
  if (won) wins.set(best!.opp.id, [...(wins.get(best!.opp.id) ?? []), now]);
  return { won, probability: best!.p, rewards, seconds: QUICK_FIGHT_S, heroes: [idx] };
}

interface Run {
  d: DungeonDef;
  floor: number;
}

/** The dungeon whose first floor pays the most on average with this team. */
function pickDungeon(team: Hero[]): DungeonDef {
  let best: { d: DungeonDef; ev: number } | null = null;
  for (const d of DUNGEONS) {
    const npcs = dungeonNpcs(d);
    const foes = dungeonFloor(d, 1, team.length).npcIds.map((id) => npcs.get(id)!);
    const p = odds(team, foes);
    const r = rewardsFor('dungeon', {
      won: true,
      probability: p,
      difficulty: d.difficulty,
      multiplier: d.rewardsMultiplier,
      enemyLevel: enemyLevelOf(foes),
      teamSize: team.length,
    });
    const ev = p * r.gold;
    if (!best || ev > best.ev) best = { d, ev };
  }
  return best!.d;
}

function dungeonFloorFight(team: Hero[], run: Run, rng: Prng): Outcome {
  const npcs = dungeonNpcs(run.d);
  const { npcIds, bossFloor } = dungeonFloor(run.d, run.floor, team.length);
  const foes = npcIds.map((id) => npcs.get(id)!);
  const p = odds(team, foes);
  const won = rng.next() > 1 - p;
  let rewards = rewardsFor('dungeon', {
    won,
    probability: p,
    difficulty: run.d.difficulty,
    multiplier: run.d.rewardsMultiplier,
    enemyLevel: enemyLevelOf(foes),
    teamSize: team.length,
    bossFloor,
  });
  if (won && bossFloor) {
    const b = clearBonus({ floors: run.d.floors, multiplier: run.d.rewardsMultiplier }, p);
    rewards = {
      gold: rewards.gold + b.gold,
      xp_per_hero: rewards.xp_per_hero,
      magic_essence: rewards.magic_essence + b.magic_essence,
      combat_tokens: rewards.combat_tokens + b.combat_tokens,
    };
  }
  return { won, probability: p, rewards, seconds: QUICK_FIGHT_S };
}

// ---- the player ----------------------------------------------------------------------------------------------------

export function play(kind: Kind, fights: number, seed = 20261123): KindReport {
  const rng = createPrng(hashSeed('sim-economy', kind, seed));
  let team = typicalTeams(1, 1)[0].map((h, i) => ({ ...h, id: `sim_${i}` }));
  const w: Wallet = { gold: 0, magic_essence: 0, combat_tokens: 0, summoning_scrolls: 0 };
  const spent: Spent = { gold: 0, upgrades: 0, levels: 0, scrolls: 0, recruits: 0 };
  const earned = { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0, xp_total: 0 };
  let seconds = 0;
  let wins = 0;
  let oddsSum = 0;
  let fightsToLevel10: number | null = null;
  let run: Run | null = null;
  const arenaWins = new Map<string, number[]>();
  for (let n = 0; n < fights; n++) {
    let o: Outcome;
    if (kind === 'quick battle') o = quickBattle(team, rng);
    else if (kind === 'turn-based battle') o = turnBased(team, rng);
    else if (kind === 'arena') o = arena(team, rng, n, arenaWins, seconds);
    else {
      run ??= { d: pickDungeon(team), floor: 1 };
      o = dungeonFloorFight(team, run, rng);
      run = o.won && run.floor < run.d.floors ? { d: run.d, floor: run.floor + 1 } : null;
    }
    seconds += o.seconds;
    oddsSum += o.probability;
    if (o.won) wins++;
    const heroes = o.heroes ?? team.map((_, i) => i);
    earned.gold += o.rewards.gold;
    earned.xp_per_hero += o.rewards.xp_per_hero;
    earned.xp_total += o.rewards.xp_per_hero * heroes.length;
    earned.magic_essence += o.rewards.magic_essence;
    earned.combat_tokens += o.rewards.combat_tokens;
    w.gold += o.rewards.gold;
    w.magic_essence += o.rewards.magic_essence;
    w.combat_tokens += o.rewards.combat_tokens;
    team = payXp(team, heroes, o.rewards.xp_per_hero);
    team = shop(team, w, spent, n);
    if (fightsToLevel10 === null && team.every((h) => h.level >= MAX_LEVEL)) fightsToLevel10 = n + 1;
  }
  return {
    kind,
    fights,
    wins,
    seconds,
    earned,
    fightsToLevel10,
    goldSpent: spent.gold,
    goldOnUpgrades: spent.upgrades,
    goldOnLevels: spent.levels,
    goldOnScrolls: spent.scrolls,
    recruits: spent.recruits,
    goldLeft: w.gold,
    upgradePathLeft: upgradePathLeft(team),
    meanOdds: oddsSum / fights,
  };
}

export function printEconomy(reports: KindReport[]): string {
  const f1 = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
  const lines = [
    '| Kind | Fights | Won | Mean odds | s/fight | Gold/fight | XP/hero/fight | Essence/fight | Tokens/fight | Gold/min | XP/hero/min | Essence/min | Tokens/min | Fights to L10 (team) | Gold earned | Spent: upgrades / levels / scrolls | Recruits | Gold left | Upgrade path left |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of reports) {
    const min = r.seconds / 60;
    const per = (x: number) => f1(x / r.fights);
    const perMin = (x: number) => f1(x / min);
    lines.push(
      `| ${r.kind} | ${r.fights} | ${Math.round((100 * r.wins) / r.fights)}% | ${Math.round(100 * r.meanOdds)}% | ${(r.seconds / r.fights).toFixed(1)} | ${per(r.earned.gold)} | ${per(r.earned.xp_per_hero)} | ${per(r.earned.magic_essence)} | ${per(r.earned.combat_tokens)} | ${perMin(r.earned.gold)} | ${perMin(r.earned.xp_per_hero)} | ${perMin(r.earned.magic_essence)} | ${perMin(r.earned.combat_tokens)} | ${r.fightsToLevel10 ?? `> ${r.fights}`} | ${f1(r.earned.gold)} | ${f1(r.goldOnUpgrades)} / ${f1(r.goldOnLevels)} / ${f1(r.goldOnScrolls)} | ${r.recruits} | ${f1(r.goldLeft)} | ${f1(r.upgradePathLeft)} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fights = Number(process.argv.find((a) => a.startsWith('fights='))?.split('=')[1] ?? 300);
  const started = Date.now();
  const kinds: Kind[] = ['quick battle', 'turn-based battle', 'arena', 'dungeon'];
  const reports = kinds.map((k) => play(k, fights));
  console.log(
    `Economy simulation: a team of four typical level-1 heroes, ${fights} fights of each kind, gold spent in the shop as it comes\n`,
  );
  console.log(printEconomy(reports));
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
