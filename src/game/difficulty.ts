// How hard each dungeon is, measured: the stated win chance of teams of four typical heroes (the real generation,
// rarity rolled, fixed seeds) against each floor's tier-1 line-up (dungeon-tiers.ts floorLineUp) with the real NPCs
// and the real odds (estimateOdds, normal AI on both sides), and issue 17's targets for it; and each tier's recommended
// power (tierTable). Printed by bench/difficulty.ts (`npm run difficulty`), checked by data/dungeons.test.ts, used by
// bench/tune-dungeons.ts and the economy sim.

import { BOSS_FLOOR_ODDS, DUNGEONS, TIER_COUNT, type DungeonDef } from './data/dungeons.ts';
import { floorLineUp, tierFloors } from './dungeon-tiers.ts';
import { MAX_FOE_TRAINING, MAX_TRAINING } from './data/training.ts';
import { estimateOdds } from './battle/odds.ts';
import { generateHero } from './generation.ts';
import { hashSeed } from './prng.ts';
import type { Hero } from './types.ts';
import { DEEP_FROM, DEEP_TRAINING, deepFoes, STAGES, type StageDef } from './data/campaign.ts';
import { heroPower, stageFoes, stageIndex, teamPower } from './campaign.ts';

export const DIFFICULTY_LEVELS = [1, 3, 5, 7, 9, 10];

/** `count` typical teams of four at `level`: fixed seeds, so every run measures the same heroes. */
export function typicalTeams(level: number, count: number): Hero[][] {
  return Array.from({ length: count }, (_, t) =>
    Array.from({ length: 4 }, (_, i) =>
      generateHero(hashSeed('typical-team', t, i), { id: `t${t}_${i}`, userId: null, level }),
    ),
  );
}

export function dungeonNpcs(d: DungeonDef): Map<string, Hero> {
  return new Map(
    d.npcs.map((n) => [
      n.id,
      generateHero(n.seed, { id: n.id, userId: null, level: n.level, rarity: n.rarity }),
    ]),
  );
}

/** The mean stated win chance of `teams` against floor `floor` of `d`. */
export function floorOdds(d: DungeonDef, floor: number, teams: Hero[][], samples: number): number {
  let sum = 0;
  for (const [t, team] of teams.entries()) {
    const { enemies } = floorLineUp(d, 1, floor, team.length);
    sum += estimateOdds(hashSeed('difficulty', d.id, floor, t), team, enemies, {
      minSamples: samples,
      maxSamples: samples,
    }).probability;
  }
  return sum / teams.length;
}

export interface DifficultyRow {
  dungeon: DungeonDef;
  floor: number;
  odds: Map<number, number>; // team level → mean odds
}

export function difficultyTable(teamCount = 12, samples = 400, levels = DIFFICULTY_LEVELS): DifficultyRow[] {
  const teams = new Map<number, Hero[][]>();
  const allLevels = [...new Set([...levels, ...DUNGEONS.map((d) => d.levelRecommendation)])].sort(
    (a, b) => a - b,
  );
  for (const l of allLevels) teams.set(l, typicalTeams(l, teamCount));
  const rows: DifficultyRow[] = [];
  for (const d of DUNGEONS)
    for (let floor = 1; floor <= d.floors; floor++) {
      const odds = new Map<number, number>();
      for (const l of allLevels) odds.set(l, floorOdds(d, floor, teams.get(l)!, samples));
      rows.push({ dungeon: d, floor, odds });
    }
  return rows;
}

/** Issue 17's targets, each with whether the table meets it. */
export function difficultyChecks(rows: DifficultyRow[]): { target: string; ok: boolean; seen: string }[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const checks: { target: string; ok: boolean; seen: string }[] = [];
  const first = (d: DungeonDef) => rows.find((r) => r.dungeon === d && r.floor === 1)!;
  for (const d of DUNGEONS.filter((x) => x.difficulty === 'hard')) {
    const p = first(d).odds.get(1)!;
    checks.push({ target: `${d.name}: floor 1 for level-1 heroes ≤ 35%`, ok: p <= 0.35, seen: pct(p) });
    // every floor is harder than the one before (dungeon-tiers.ts): floor 1 is the fair fight at the level
    const at = first(d).odds.get(d.levelRecommendation)!;
    checks.push({
      target: `${d.name}: floor 1 at its recommended level ${d.levelRecommendation} within 35–65%`,
      ok: at >= 0.35 && at <= 0.65,
      seen: pct(at),
    });
  }
  const easiest = [...DUNGEONS].sort((a, b) => a.levelRecommendation - b.levelRecommendation)[0];
  const p = first(easiest).odds.get(1)!;
  checks.push({
    target: `${easiest.name} (easiest): floor 1 for level-1 heroes ≥ 45%`,
    ok: p >= 0.45,
    seen: pct(p),
  });
  return checks;
}

// ---- the campaign ----------------------------------------------------------------------------------------------------

/** The reference teams a stage is measured with: per level 1–10 rolled rarities, then level 10 at 3★, 4★ and 5★. */
export const CAMPAIGN_GROUPS: readonly { level: number; rarity?: number; training?: number }[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((level) => ({ level })),
  { level: 10, rarity: 3 },
  { level: 10, rarity: 4 },
  { level: 10, rarity: 5 },
  // trained teams, for the stages past the sixth chapter
  ...[4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60].map((training) => ({
    level: 10,
    rarity: 5,
    training,
  })),
];

/**
 * `count` reference teams of `size` for one group (fixed seeds, from the `first`). `fielded`: each the `size` strongest (heroPower) of
 * twice as many such heroes, as a player fields a team from a roster — such teams win less at a power than random
 * ones (`npm run difficulty -- only=fielded`), and past the sixth chapter they are what meets a stage.
 */
export function referenceTeams(
  g: { level: number; rarity?: number; training?: number },
  size: number,
  count: number,
  fielded = false,
  first = 0,
): Hero[][] {
  return Array.from({ length: count }, (_, k) => {
    const t = first + k;
    const heroes = Array.from({ length: fielded ? 2 * size : size }, (_, i) =>
      generateHero(hashSeed('typical-team', t, i), {
        id: `t${t}_${i}`,
        userId: null,
        level: g.level,
        rarity: g.rarity,
        training: g.training,
      }),
    );
    return fielded ? heroes.sort((a, b) => heroPower(b) - heroPower(a)).slice(0, size) : heroes;
  });
}

export interface StageMeasure {
  stage: StageDef;
  /** each reference team's power and win chance against the stage */
  teams: { power: number; odds: number }[];
  /** the least team power whose nearest reference teams win half their fights on average */
  evenPower: number;
  /** every reference team wins more than 60% against it (a first stage): it recommends the weakest team's power */
  easier: boolean;
  /** the mean odds of the reference teams nearest the stage's recommended power */
  atRecommended: number;
  /** a new player's first two summons (typical level-1 pairs), on a stage of one or two foes */
  firstTwo?: number;
}

const oddsOf = (seed: number, a: Hero[], b: Hero[], samples: number) =>
  estimateOdds(seed, a, b, { minSamples: samples, maxSamples: samples }).probability;

/** How many reference teams of about one power a stage's odds at that power are the mean of. */
const NEAREST = 9;

/** The campaign's measurement (docs/game-rules.md): reference teams per group, battles per estimate. */
export const CAMPAIGN_TEAMS = 8;
export const CAMPAIGN_SAMPLES = 300;

/** Measures every stage (or those given) against the reference teams of its foes' number. */
export function campaignTable(
  teamCount = CAMPAIGN_TEAMS,
  samples = CAMPAIGN_SAMPLES,
  stages: readonly StageDef[] = STAGES,
): StageMeasure[] {
  const pools = new Map<number, { power: number; team: Hero[]; group: number }[]>();
  const poolOf = (size: number) => {
    let p = pools.get(size);
    if (!p) {
      p = CAMPAIGN_GROUPS.flatMap((g, gi) =>
        // the trained groups (the deep chapters' measure) as a player fields them
        referenceTeams(g, size, teamCount, g.training !== undefined).map((team) => ({
          power: teamPower(team),
          team,
          group: gi,
        })),
      );
      pools.set(size, p);
    }
    return p;
  };
  return stages.map((stage) => {
    const foes = stageFoes(stage);
    const pool = poolOf(foes.length);
    const teams = pool.map((r, t) => ({
      power: r.power,
      odds: oddsOf(hashSeed('campaign-difficulty', stage.id, t), r.team, foes, samples),
      group: r.group,
    }));
    // The even power: going up the reference teams by power, the first whose nearest teams (NEAREST of them) win
    // half their fights on average; a stage every reference team wins more than half against recommends the
    // weakest reference team's power (it is easier than any team: the first stages).
    const byPower = [...teams].sort((x, y) => x.power - y.power);
    const around = (i: number) => {
      const lo = Math.max(0, Math.min(byPower.length - NEAREST, i - (NEAREST >> 1)));
      const w = byPower.slice(lo, lo + NEAREST);
      return w.reduce((sum, t) => sum + t.odds, 0) / w.length;
    };
    const crossing = byPower.findIndex((_, i) => around(i) >= 0.5);
    const evenPower = byPower[crossing < 0 ? byPower.length - 1 : crossing].power;
    const easier = crossing === 0 && around(0) > 0.6;
    const atRecommended = oddsAtPower(teams, stage.recommendedPower);
    let firstTwo: number | undefined;
    if (foes.length <= 2) {
      const pairs = referenceTeams({ level: 1 }, 2, 24);
      firstTwo =
        pairs.reduce(
          (s, p, t) => s + oddsOf(hashSeed('campaign-first-two', stage.id, t), p, foes, samples),
          0,
        ) / pairs.length;
    }
    return {
      stage,
      teams: teams.map(({ power, odds }) => ({ power, odds })),
      evenPower: Math.round(evenPower / 10) * 10,
      easier,
      atRecommended,
      firstTwo,
    };
  });
}

/** The first seed of compositions no tuning measures (the tuning's are 0 … BAND_SPREAD_TEAMS − 1): what checks it. */
const HELD_OUT = 1000;

/**
 * At each deep chapter's first stage, at its recommended power: the mean win chance of `count` random teams of four
 * (level 10, 5★, trained to about that power) and of `count` teams a player would field — each the four strongest
 * (heroPower) of eight such heroes; compositions the tuning never measured.
 */
export function fieldedTable(
  count = 32,
  samples = CAMPAIGN_SAMPLES,
): { stage: StageDef; random: number; fielded: number }[] {
  const teamsAt = (power: number, fielded: boolean) => {
    let best: { gap: number; teams: Hero[][] } = { gap: Infinity, teams: [] };
    for (let training = 0; training <= MAX_TRAINING; training += 2) {
      const teams = referenceTeams({ level: 10, rarity: 5, training }, 4, count, fielded, HELD_OUT);
      const gap = Math.abs(teams.reduce((sum, t) => sum + teamPower(t), 0) / count - power);
      if (gap < best.gap) best = { gap, teams };
    }
    return best.teams;
  };
  const mean = (stage: StageDef, teams: Hero[][]) =>
    teams.reduce(
      (sum, t, i) => sum + oddsOf(hashSeed('fielded', stage.id, i), t, stageFoes(stage), samples),
      0,
    ) / teams.length;
  return STAGES.filter((s, k) => k >= DEEP_FROM && s.index === 1).map((stage) => ({
    stage,
    random: mean(stage, teamsAt(stage.recommendedPower, false)),
    fielded: mean(stage, teamsAt(stage.recommendedPower, true)),
  }));
}

/** The mean odds of the NEAREST reference teams nearest `power` (as campaignTable's atRecommended reads them). */
export function oddsAtPower(teams: readonly { power: number; odds: number }[], power: number): number {
  const nearest = [...teams]
    .sort((a, b) => Math.abs(a.power - power) - Math.abs(b.power - power))
    .slice(0, NEAREST);
  return nearest.reduce((s, t) => s + t.odds, 0) / nearest.length;
}

/** A stage's tuning: its seed variant and recommended power, and the odds there on each measurement. */
export interface StageTuning {
  variant: number;
  power: number;
  /** on each of tuneCampaign's measurements, the first being the table's */
  odds: number[];
  /** past the sixth chapter: its foes' training in all (data/campaign.ts DEEP_TRAINING) */
  training?: number;
}

/** One way to measure the campaign: reference teams per group, battles per estimate. */
export interface CampaignMeasurement {
  teams: number;
  samples: number;
}

/**
 * A deep chapter's band is the steadiest of this many seed variants: the one that changes least how BAND_SPREAD_TEAMS
 * reference teams of about the stage's power stand against it, from how they stood against the stage before — each
 * team's win chance (as log-odds) at the new band's training where they win half on average, less its chance against
 * the stage before; the spread of those changes. A band that meets some teams far better than the last let a team run
 * ahead in one chapter and stall at the next (docs/game-rules.md "The campaign").
 */
const BAND_VARIANTS = 32;
const BAND_SPREAD_TEAMS = 32;
const logit = (p: number) => {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
};
const spreadOf = (xs: readonly number[]) => {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
};

/** `count` fielded reference teams (level 10, 5★; seeds from `first`) at the training that puts their mean power nearest `power`. */
function bandTeams(power: number, count = BAND_SPREAD_TEAMS, first = 0): Hero[][] {
  let teams: Hero[][] = [];
  let gap = Infinity;
  for (let training = 0; training <= MAX_TRAINING; training += 2) {
    const at = referenceTeams({ level: 10, rarity: 5, training }, 4, count, true, first);
    const mean = at.reduce((s, t) => s + teamPower(t), 0) / at.length;
    if (Math.abs(mean - power) < gap) [gap, teams] = [Math.abs(mean - power), at];
  }
  return teams;
}

/**
 * How much a deep stage's band (of `variant`) moves `teams` from where they stood before (`was`: each one's win chance
 * against the stage before, as log-odds): the standard deviation of the change, at the band's training where they win
 * half on average (a binary search of its training in all). Answers the spread and that training.
 */
function bandSpread(
  stage: StageDef,
  variant: number,
  teams: readonly Hero[][],
  was: readonly number[],
): { spread: number; training: number } {
  let [lo, hi] = [0, 4 * MAX_TRAINING];
  let logits: number[] = [];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const foes = stageFoes({ ...stage, variant, foes: deepFoes(mid) });
    const odds = teams.map((t, i) =>
      oddsOf(hashSeed('band-spread', stage.id, variant, i), t, foes, CAMPAIGN_SAMPLES),
    );
    logits = odds.map(logit);
    if (odds.reduce((s, o) => s + o, 0) / odds.length > 0.5) lo = mid;
    else hi = mid;
  }
  return { spread: spreadOf(logits.map((x, i) => x - was[i])), training: lo };
}

/**
 * Of BAND_VARIANTS seed variants, the one that moves teams of about `power` least from where they stood against the
 * foes `before` (bandSpread), of those with room to train through a chapter: even at a training at least BAND_HEADROOM
 * under the most (a weak band at the top of the climb cannot be trained to its stages' rungs; one was, in a tuning
 * without this, 64–81% at 18-1–18-4).
 */
export function steadiestBand(stage: StageDef, power: number, before: Hero[]): number {
  const teams = bandTeams(power);
  const was = teams.map((t, i) =>
    logit(oddsOf(hashSeed('band-before', stage.id, i), t, before, CAMPAIGN_SAMPLES)),
  );
  const bands = Array.from({ length: BAND_VARIANTS }, (_, variant) => ({
    variant,
    ...bandSpread(stage, variant, teams, was),
  }));
  const roomy = bands.filter((b) => b.training <= 4 * MAX_TRAINING - BAND_HEADROOM);
  const from = roomy.length > 0 ? roomy : bands;
  return from.reduce((a, b) => (b.spread < a.spread ? b : a)).variant;
}
/**
 * At each deep chapter's change (its first stage against the last before it), how `count` fielded compositions the
 * tuning never measured, of about the first stage's recommended power, change standing: each one's win chance (as
 * log-odds) there less its chance at the stage before; their mean change, its standard deviation, and how many fell by
 * more than one log-odds below that mean (a team that ran ahead and meets a wall).
 */
export function standingTable(
  count = BAND_SPREAD_TEAMS,
  samples = CAMPAIGN_SAMPLES,
): { stage: StageDef; mean: number; spread: number; walls: number }[] {
  return STAGES.filter((s, k) => k >= DEEP_FROM + 8 && s.index === 1).map((stage) => {
    const before = STAGES[stageIndex(stage) - 1];
    const teams = bandTeams(stage.recommendedPower, count, HELD_OUT);
    const change = teams.map(
      (t, i) =>
        logit(oddsOf(hashSeed('standing', stage.id, i), t, stageFoes(stage), samples)) -
        logit(oddsOf(hashSeed('standing', before.id, i), t, stageFoes(before), samples)),
    );
    const mean = change.reduce((sum, x) => sum + x, 0) / change.length;
    return { stage, mean, spread: spreadOf(change), walls: change.filter((x) => x - mean < -1).length };
  });
}
/** Training a new band keeps in hand for its chapter's climb (eight stages, each a level or more). */
const BAND_HEADROOM = 32;

/** How far from the stage before's training a deep chapter's new band may start, either way. */
const BAND_SEARCH = 32;
/** How much more training than the stage before's a stage of the same band may take (about three stages' climb). */
const STEP_SEARCH = 8;

/**
 * Tunes each stage from `from` (0-based) on, in order, on the same reference teams and seeds as campaignTable:
 * of `variants` seed variants, each measured once on every one of `measurements` (the table's, and another pool of
 * reference teams, so the tuning does not lean on one pool's noise), and every recommended power from the stage
 * before's up (steps of 10), the least power at which a variant's nearest reference teams win 45–55% on every
 * measurement (else 40–60%, else the nearest to 50% on the worst) — so a stage is never easier to recommend than the
 * last and is a fair fight at its recommendation. With `top`, the powers climb evenly instead: each stage has a rung
 * on a straight line from the stage before `from` to `top` at the last stage, and of the candidates at 40–60% the one
 * nearest its rung is taken; past the sixth chapter the foes' training is tuned with it (data/campaign.ts
 * DEEP_TRAINING): a chapter's first stage takes the steadiest band of BAND_VARIANTS (steadiestBand) at the training
 * that puts its even power nearest the rung (searched within BAND_SEARCH of the stage before's), the rest of the
 * chapter keeps the band and searches from one level more than the stage before's training to STEP_SEARCH more. The
 * stages before `from` keep theirs, unmeasured. Answers every stage's tuning.
 */
export function tuneCampaign(
  from = 6,
  variants = 8,
  measurements: readonly CampaignMeasurement[] = [
    { teams: CAMPAIGN_TEAMS, samples: CAMPAIGN_SAMPLES },
    { teams: 6, samples: 200 },
  ],
  top?: number,
): StageTuning[] {
  const out: StageTuning[] = [];
  let prev = 0;
  const measure = (stage: StageDef) =>
    measurements.map(({ teams, samples }) => campaignTable(teams, samples, [stage])[0]);
  const worst = (c: StageTuning) => Math.max(...c.odds.map((o) => Math.abs(o - 0.5)));
  const base = from > 0 ? STAGES[from - 1].recommendedPower : 0;
  const line = (k: number) =>
    top === undefined ? 0 : base + ((top - base) * (k - from + 1)) / (STAGES.length - from);
  /**
   * The stage's tuning as `stage` stands (variant and foes): of its fair candidates, the one nearest the rung; and
   * its even power on the first measurement, not held to the stage before's (which way a search for the rung goes).
   */
  const tuneAt = (stage: StageDef, rung: number, training?: number) => {
    const ms = measure(stage);
    const ceiling = Math.max(...ms.flatMap((m) => m.teams.map((t) => t.power)));
    const candidates: StageTuning[] = [];
    for (let power = prev; power <= ceiling; power += 10)
      candidates.push({
        variant: stage.variant,
        power,
        odds: ms.map((m) => oddsAtPower(m.teams, power)),
        training,
      });
    return { tuning: candidates.reduce((a, b) => (nearer(b, a, rung) ? b : a)), even: ms[0].evenPower };
  };
  // A fairer candidate first, then the nearer the rung, then the fairer. Fair: 45–55%, then 40–60% — on a climb to
  // `top`, any 40–60% (the campaign's target), so that a stage keeps to its rung rather than jump to a 45–55% power.
  const fairness = (c: StageTuning) =>
    worst(c) <= 0.05 ? 0 : worst(c) <= 0.1 ? (top === undefined ? 1 : 0) : 2;
  const nearer = (a: StageTuning, b: StageTuning, rung: number) =>
    (fairness(a) - fairness(b) ||
      Math.abs(a.power - rung) - Math.abs(b.power - rung) ||
      worst(a) - worst(b)) < 0;
  /** A deep stage's variant at the training (lo … hi in all) whose even power is nearest the rung. */
  const searchTraining = (stage: StageDef, variant: number, rung: number, lo: number, hi: number) => {
    const at = (t: number) => tuneAt({ ...stage, variant, foes: deepFoes(t) }, rung, t);
    // the even power rises with training: halve the range to the rung, then take the nearer of the last two
    let below = at(lo);
    if (below.even >= rung) return below.tuning;
    let above = at(hi);
    if (above.even <= rung) return above.tuning;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const m = at(mid);
      if (m.even < rung) [lo, below] = [mid, m];
      else [hi, above] = [mid, m];
    }
    return nearer(below.tuning, above.tuning, rung) ? below.tuning : above.tuning;
  };
  /** Stage `k` as tuned so far (its variant, and past the sixth chapter its foes' training). */
  const tunedStage = (k: number): StageDef => ({
    ...STAGES[k],
    variant: out[k].variant,
    foes: k >= DEEP_FROM ? deepFoes(out[k].training ?? 0) : STAGES[k].foes,
  });
  STAGES.forEach((stage, k) => {
    if (k < from) {
      out.push({
        variant: stage.variant,
        power: stage.recommendedPower,
        odds: [],
        // a deep stage kept as it stands: its foes' training in all (a later stage's search starts from it)
        training: k >= DEEP_FROM ? DEEP_TRAINING[k - DEEP_FROM] : undefined,
      });
      prev = stage.recommendedPower;
      return;
    }
    const newBand = !(k >= DEEP_FROM && stage.index > 1 && k > from);
    const deepClimb = k >= DEEP_FROM && top !== undefined;
    const tried = !newBand
      ? [out[k - 1].variant]
      : deepClimb
        ? [steadiestBand(stage, line(k), stageFoes(tunedStage(k - 1)))]
        : Array.from({ length: variants }, (_, v) => v);
    let best: StageTuning;
    if (deepClimb) {
      const before = out[k - 1]?.training ?? 0;
      // within a band each stage is trained more than the one before (else two stages would field the same foes)
      const lo = newBand ? Math.max(0, before - BAND_SEARCH) : before + 1;
      const hi = Math.min(4 * MAX_TRAINING, before + (newBand ? BAND_SEARCH : STEP_SEARCH));
      best = tried
        .map((v) => searchTraining(stage, v, line(k), lo, hi))
        .reduce((a, b) => (nearer(b, a, line(k)) ? b : a));
    } else {
      best = tried
        .map((v) => tuneAt({ ...stage, variant: v }, line(k)).tuning)
        .reduce((a, b) => (nearer(b, a, line(k)) ? b : a));
    }
    out.push(best);
    prev = best.power;
  });
  return out;
}

/** The campaign's targets (issue 30), each with whether the table meets it. */
export function campaignChecks(rows: StageMeasure[]): { target: string; ok: boolean; seen: string }[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const fair = rows.filter((r) => r.atRecommended < 0.4 || (r.atRecommended > 0.6 && !r.easier));
  const checks = [
    {
      target:
        'every stage: teams at its recommended power win 40–60% (a stage easier than any level-1 team: at least 40%)',
      ok: fair.length === 0,
      seen:
        fair.length === 0
          ? `${pct(Math.min(...rows.map((r) => r.atRecommended)))}–${pct(Math.max(...rows.map((r) => r.atRecommended)))}`
          : fair.map((r) => `${r.stage.id} ${pct(r.atRecommended)}`).join(', '),
    },
  ];
  for (const r of rows.filter((x) => x.firstTwo !== undefined))
    checks.push({
      target: `${r.stage.id}: a new player's first two summons (level 1) win ≥ 60%`,
      ok: r.firstTwo! >= 0.6,
      seen: pct(r.firstTwo!),
    });
  const rising = rows.every(
    (r, i) => i === 0 || r.stage.recommendedPower >= rows[i - 1].stage.recommendedPower,
  );
  checks.push({
    target: 'recommended power never falls from one stage to the next',
    ok: rising,
    seen: rising ? 'yes' : 'no',
  });
  return checks;
}

// ---- dungeon tiers ---------------------------------------------------------------------------------------------------

/** A dungeon tier measured: its recommended power and the odds there, floor 1's and the boss floor's. */
export interface TierMeasure {
  dungeon: DungeonDef;
  tier: number;
  /** the team power at which floor 1 is an even fight: the least (steps of 10) whose nearest teams win 45–55% */
  power: number;
  /** the mean odds of the reference teams nearest that power on floor 1 (what a new run states) */
  atPower: number;
  /** … and on the boss floor */
  bossAtPower: number;
}

/**
 * Trained past a player's cap (NPC teams): the deepest tiers stand above any player's team, so their even power is
 * measured against teams as strong.
 */
const DEEP_GROUPS = Array.from({ length: 20 }, (_, i) => ({ level: 10, rarity: 5, training: 64 + 4 * i }));

/** The campaign's reference teams of four and deeper ones, each with its power: what a tier's power is measured against. */
const tierPool = (teamCount: number) =>
  [...CAMPAIGN_GROUPS, ...DEEP_GROUPS].flatMap((g) =>
    referenceTeams(g, 4, teamCount).map((team) => ({ power: teamPower(team), team })),
  );

type TierPool = ReturnType<typeof tierPool>;

/** Each reference team's power and odds against floor `floor` of `d` at `tier`, on the tier measurement's seeds. */
const tierFloorOdds = (pool: TierPool, d: DungeonDef, tier: number, floor: number, samples: number) => {
  const foes = floorLineUp(d, tier, floor, 4).enemies;
  return pool.map((r, t) => ({
    power: r.power,
    odds: oddsOf(hashSeed('tier-difficulty', d.id, tier, floor, t), r.team, foes, samples),
  }));
};

/**
 * The team power at which floor 1 of `d` at `tier` is even: the least (steps of 10) whose nearest reference teams win
 * it 45–55% (else the nearest to 50%), and the odds there.
 */
function evenFloorPower(pool: TierPool, d: DungeonDef, tier: number, samples: number) {
  const first = tierFloorOdds(pool, d, tier, 1, samples);
  const lo = Math.min(...pool.map((r) => r.power));
  const hi = Math.max(...pool.map((r) => r.power));
  const rows: { power: number; odds: number }[] = [];
  for (let power = Math.floor(lo / 10) * 10; power <= hi; power += 10)
    rows.push({ power, odds: oddsAtPower(first, power) });
  return (
    rows.find((r) => Math.abs(r.odds - 0.5) <= 0.05) ??
    [...rows].sort((a, b) => Math.abs(a.odds - 0.5) - Math.abs(b.odds - 0.5))[0]
  );
}

/**
 * Measures every dungeon's tiers (floor 1 and the boss floor against a team of four, game/dungeon-tiers.ts) against
 * the campaign's reference teams of four, on the campaign's seeds: each tier's recommended power is the least
 * power (steps of 10) at which the nearest reference teams win floor 1 45–55% (else the nearest to 50%).
 */
export function tierTable(teamCount = CAMPAIGN_TEAMS, samples = CAMPAIGN_SAMPLES): TierMeasure[] {
  const pool = tierPool(teamCount);
  const out: TierMeasure[] = [];
  for (const d of DUNGEONS)
    for (let tier = 1; tier <= TIER_COUNT; tier++) {
      const even = evenFloorPower(pool, d, tier, samples);
      out.push({
        dungeon: d,
        tier,
        power: even.power,
        atPower: even.odds,
        bossAtPower: oddsAtPower(tierFloorOdds(pool, d, tier, d.floors, samples), even.power),
      });
    }
  return out;
}

/**
 * Each dungeon's rung within a tier (data/dungeons.ts order, which is the order the campaign opens them): the first
 * three, open from chapters 1–2, on every other rung, so that while only they are open their rungs are still even.
 */
const RUNG_IN_TIER = [0, 2, 4, 1, 3, 5];

/** How much more power a dungeon's tier 2 recommends than its tier 1, at least: a deeper tier is a harder one. */
const TIER_2_OVER_1 = 1.05;

/** A deeper tier tuned onto its rung: its floor-1 training, the power it was to be even at, and where it is. */
export interface TierTuning {
  dungeon: DungeonDef;
  tier: number;
  training: number;
  target: number;
  power: number;
}

/**
 * Puts every dungeon's deeper tiers on one ladder of power (data/dungeons.ts tierTraining): rung r — tier 2 of each
 * dungeon (in RUNG_IN_TIER's order), then tier 3's, … — is to be even at `from · (top / from)^(r / (rungs − 1))`, so the rungs are
 * evenly spaced and a team of any power between has a tier near an even fight. Each tier gets the floor-1 training
 * whose even power is nearest its rung's (of the least that reaches it and the one below), keeping every floor
 * stronger than the same floor a tier before (a tier whose least such training is already stronger than its rung
 * keeps that: the table shows it).
 */
export function tuneTiers(
  from: number,
  top: number,
  teamCount = CAMPAIGN_TEAMS,
  samples = CAMPAIGN_SAMPLES,
): TierTuning[] {
  const pool = tierPool(teamCount);
  const deeper = TIER_COUNT - 1;
  const rungs = deeper * DUNGEONS.length;
  const trial = DUNGEONS.map((d) => ({ ...d, tierTraining: [...d.tierTraining] }));
  const out: TierTuning[] = [];
  for (let i = 0; i < deeper; i++)
    for (const [j, d] of trial.entries()) {
      const tier = i + 2;
      const rungPower = (r: number) => from * (top / from) ** (r / (rungs - 1));
      const rung = i * DUNGEONS.length + RUNG_IN_TIER[j];
      // (tier 2 at least TIER_2_OVER_1 above its dungeon's tier 1, which is the dungeon's own NPCs and not tuned; a
      // tier 2 of weaker foes than the ladder's, data/dungeons.ts `tier2`, halfway by ratio from tier 1 to tier 3)
      const target = Math.round(
        tier === 2 && d.tier2
          ? Math.sqrt(d.tierPower[0] * rungPower(rung + DUNGEONS.length))
          : Math.max(rungPower(rung), tier === 2 ? d.tierPower[0] * TIER_2_OVER_1 : 0),
      );
      // a fresh trial dungeon for each training tried (its floors are made once per dungeon object)
      const at = (training: number): DungeonDef => {
        const tierTraining = [...d.tierTraining];
        tierTraining[i] = training;
        return { ...d, tierTraining };
      };
      const stronger = (t: DungeonDef) =>
        tierFloors(t, tier).every((f, k) => teamPower(f) > teamPower(tierFloors(t, tier - 1)[k]));
      let least = 0;
      while (least < MAX_FOE_TRAINING && !stronger(at(least))) least++;
      // the least training whose even power reaches the target (more training, more power), or the one below it
      // when that is nearer
      let [lo, hi] = [least, MAX_FOE_TRAINING];
      const measured = new Map<number, number>();
      // measured against the reference teams within half again of the rung (the rest are far from an even fight)
      const near = pool.filter((r) => r.power >= target / 1.5 && r.power <= target * 1.5);
      const powerAt = (training: number) => {
        if (!measured.has(training)) {
          // no fight near even within the window: above it when every team there loses, below it when every one wins
          // (near even but not within 45–55%, where the odds leap past 50% between two teams, the power found stands)
          const even = evenFloorPower(near, at(training), tier, samples);
          const within = Math.abs(even.odds - 0.5) <= 0.25;
          measured.set(training, within ? even.power : even.odds < 0.5 ? Number.MAX_SAFE_INTEGER : 0);
        }
        return measured.get(training)!;
      };
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (powerAt(mid) >= target) hi = mid;
        else lo = mid + 1;
      }
      const [above, below] = [powerAt(lo), lo > least ? powerAt(lo - 1) : -Infinity];
      const [training, power] = target - below < above - target ? [lo - 1, below] : [lo, above];
      d.tierTraining[i] = training;
      out.push({ dungeon: d, tier, training, target, power });
    }
  return out;
}

/** A dungeon's boss floors tuned: each deeper tier's training over its floor's, and what each states there. */
export interface BossTuning {
  dungeon: DungeonDef;
  /** tier 2 first */
  bossTraining: number[];
  /** the boss floor's chance at each deeper tier's recommended power, tier 2 first */
  odds: number[];
}

/**
 * Tunes each dungeon's boss floor at each deeper tier (bossTraining, −30 … 30 in steps of 2): the offset whose boss
 * floor, at the tier's recommended power, states nearest BOSS_FLOOR_ODDS against the reference teams nearest that
 * power (the nine oddsAtPower reads; only those are fought). A boss floor can be made no easier than untrained.
 */
export function tuneBossFloors(teamCount = CAMPAIGN_TEAMS, samples = CAMPAIGN_SAMPLES): BossTuning[] {
  const pool = tierPool(teamCount);
  return DUNGEONS.map((d) => {
    const tuned: BossTuning = { dungeon: d, bossTraining: [...d.bossTraining], odds: [] };
    for (let i = 0; i < TIER_COUNT - 1; i++) {
      const tier = i + 2;
      const power = d.tierPower[tier - 1];
      const near = [...pool]
        .sort((a, b) => Math.abs(a.power - power) - Math.abs(b.power - power))
        .slice(0, NEAREST);
      const at = (offset: number) => {
        const bossTraining = [...tuned.bossTraining];
        bossTraining[i] = offset;
        const foes = floorLineUp({ ...d, bossTraining }, tier, d.floors, 4).enemies;
        return oddsAtPower(
          near.map((r, t) => ({
            power: r.power,
            odds: oddsOf(hashSeed('boss-difficulty', d.id, tier, t), r.team, foes, samples),
          })),
          power,
        );
      };
      let best = { offset: 0, odds: Infinity };
      // the boss floor stays stronger than the tier before's (a boss tuned easier than it was there is not kept)
      const before = teamPower(
        floorLineUp({ ...d, bossTraining: tuned.bossTraining }, tier - 1, d.floors, 4).enemies,
      );
      const stronger = (offset: number) => {
        const bossTraining = [...tuned.bossTraining];
        bossTraining[i] = offset;
        return teamPower(floorLineUp({ ...d, bossTraining }, tier, d.floors, 4).enemies) > before;
      };
      // nearest zero first, so of offsets that state the same (a boss untrained either way) the least is kept
      const offsets = [0, ...Array.from({ length: 15 }, (_, k) => [-2 * (k + 1), 2 * (k + 1)]).flat()];
      for (const offset of offsets.filter(stronger)) {
        const odds = at(offset);
        if (Math.abs(odds - BOSS_FLOOR_ODDS) < Math.abs(best.odds - BOSS_FLOOR_ODDS)) best = { offset, odds };
      }
      tuned.bossTraining[i] = best.offset;
      tuned.odds.push(best.odds);
    }
    return tuned;
  });
}

/** The tiers' targets, each with whether the measurement meets it. */
export function tierChecks(rows: TierMeasure[]): { target: string; ok: boolean; seen: string }[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  // a tier easier than any reference team (the first) recommends the weakest team's power: at least 45% there
  const weakest = Math.min(...rows.map((r) => r.power));
  const unfair = rows.filter((r) => r.atPower < 0.45 || (r.atPower > 0.55 && r.power > weakest));
  const stated = rows.filter((r) => r.power !== r.dungeon.tierPower[r.tier - 1]);
  const falling = rows.filter((r) => r.tier > 1 && r.power <= rows[rows.indexOf(r) - 1].power);
  const name = (r: TierMeasure) => `${r.dungeon.id} ${r.tier}`;
  return [
    {
      target:
        'every tier: floor 1 at its recommended power is 45–55% (one easier than any team: at least 45%)',
      ok: unfair.length === 0,
      seen: unfair.length === 0 ? 'yes' : unfair.map((r) => `${name(r)} ${pct(r.atPower)}`).join(', '),
    },
    {
      target: 'every tier recommends more power than the tier before',
      ok: falling.length === 0,
      seen: falling.length === 0 ? 'yes' : falling.map(name).join(', '),
    },
    {
      target: 'data/dungeons.ts tierPower states the measured powers',
      ok: stated.length === 0,
      seen: stated.length === 0 ? 'yes' : stated.map((r) => `${name(r)} ${r.power}`).join(', '),
    },
  ];
}
