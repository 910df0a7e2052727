// Sparring partners: NPCs made for one hero at its strength, for Find a fair match when the arena's ladder has too
// few heroes whose duel with it is fair (src/server/fights/fair-matches.ts). A partner is a pure function of its
// make — a seed number, a level and rarity near the hero's (higher ones for a hero stronger than its own level and
// rarity make it) and, for a hero at level 10 5★ and beyond, training: scaled health, attack and defence (scaled
// down, at level 1 1★, for the weakest heroes) — so its id names it and every server makes the same one.
//
// A 1v1 duel turns on a few percent of strength: the same pair goes from a 90% to a 10% chance over about a tenth
// more of the partner's stats (docs/game-rules.md "The arena ladder"). So a partner is searched for, never guessed:
// each seed's makes are ordered by power (campaign.ts heroPower), the first tried is the one nearest the hero's
// power, and each measured chance aims the next (aimMake: a bracket, narrowed, aimed by the log-odds slope).
import { heroPower } from './campaign.ts';
import { generateHero } from './generation.ts';
import { hashSeed } from './prng.ts';
import { MAX_LEVEL } from './progression.ts';
import { MAX_TRAINING, TRAINING_STEP, withTraining } from './training.ts';
import type { Hero } from './types.ts';

/** The stated win chances Find a fair match offers: a duel is fair when the player's hero wins it 40–60% of the time. */
export const FAIR_CHANCE = { low: 0.4, high: 0.6 } as const;

export const isFairChance = (p: number): boolean => p >= FAIR_CHANCE.low && p <= FAIR_CHANCE.high;

/** Seeds a partner is made from (its race, class, type, name, looks): the same few thousand NPCs serve everyone. */
export const SPARRING_SEEDS = 1000;
/** Levels above and below the hero's, and rarities, a partner may have. */
export const SPARRING_LEVELS = 2;
export const SPARRING_RARITIES = 1;
/**
 * The most a partner is weakened (training below 0: a partner at level 1 1★ for heroes that lose to every one of
 * those — a 1v1 duel turns on a few percent, and some level-1 heroes lose to most level-1 partners).
 */
export const SPARRING_MAX_WEAKENING = 15;

export interface SparringMake {
  seed: number;
  level: number;
  rarity: number;
  training: number;
}

const ID_PREFIX = 'npc_spar_';

export const sparringId = (m: SparringMake): string =>
  `${ID_PREFIX}${m.seed}_${m.level}_${m.rarity}_${m.training}`;

export const isSparringId = (id: string): boolean => id.startsWith(ID_PREFIX);

/** The make an id names, or null for any other id. */
export function sparringMakeOf(id: string): SparringMake | null {
  const m = /^npc_spar_(\d+)_(\d+)_(\d+)_(-?\d+)$/.exec(id);
  if (!m) return null;
  const [seed, level, rarity, training] = m.slice(1).map(Number);
  return { seed, level, rarity, training };
}

/**
 * The partner `training` levels trained (./training.ts withTraining), or below 0 weakened by the same rule run
 * backwards: health, attack and defence TRAINING_STEP of themselves lower a step, speed and the rest kept.
 */
function trained(hero: Hero, training: number): Hero {
  if (training >= 0) return withTraining(hero, training);
  const scale = (n: number) => Math.round(n * (1 + TRAINING_STEP * training));
  const max_hp = scale(hero.max_hp);
  return { ...hero, max_hp, hp: max_hp, atk: scale(hero.atk), def: scale(hero.def) };
}

/** The partner a make names: an NPC (no owner), the same on every server. */
export function sparringPartner(m: SparringMake): Hero {
  const hero = generateHero(hashSeed('sparring', m.seed), {
    id: sparringId(m),
    userId: null,
    level: m.level,
    rarity: m.rarity,
  });
  return trained(hero, m.training);
}

/** A make with its partner and the partner's power. */
export interface SparringOption {
  make: SparringMake;
  partner: Hero;
  power: number;
}

/**
 * Whether the hero is stronger than its own kind (its seed's race, class, type and spread) at the highest level and
 * rarity near its own: stronger than its level and rarity make it, by upgrades, gear or training.
 */
function beyondItsMake(hero: Hero): boolean {
  const top = generateHero(hero.seed, {
    id: hero.id,
    userId: null,
    level: Math.min(MAX_LEVEL, hero.level + SPARRING_LEVELS),
    rarity: Math.min(5, hero.rarity + SPARRING_RARITIES),
  });
  return heroPower(hero) > heroPower(top);
}

/**
 * The makes of one seed a hero may spar with, weakest first: every level within SPARRING_LEVELS of the hero's and
 * rarity within SPARRING_RARITIES. A hero stronger than its level and rarity make it (beyondItsMake) also gets the
 * stronger makes — every level and rarity from its own up. Wherever level 10 5★ is among them, that partner trained
 * 1 to MAX_TRAINING levels too; wherever level 1 1★ is, that partner weakened 1 to SPARRING_MAX_WEAKENING.
 */
export function sparringOptions(hero: Hero, seed: number): SparringOption[] {
  const out: SparringOption[] = [];
  const add = (level: number, rarity: number) => {
    const make = { seed, level, rarity, training: 0 };
    const partner = sparringPartner(make);
    out.push({ make, partner, power: heroPower(partner) });
    // At the top the same partner trained, at the bottom weakened: one generation, scaled.
    const scaled = (training: number) => {
      const m = { ...make, training };
      const p = { ...trained(partner, training), id: sparringId(m) };
      out.push({ make: m, partner: p, power: heroPower(p) });
    };
    if (level === MAX_LEVEL && rarity === 5)
      for (let training = 1; training <= MAX_TRAINING; training++) scaled(training);
    if (level === 1 && rarity === 1)
      for (let training = -1; training >= -SPARRING_MAX_WEAKENING; training--) scaled(training);
  };
  const near = (level: number, rarity: number) =>
    Math.abs(level - hero.level) <= SPARRING_LEVELS && Math.abs(rarity - hero.rarity) <= SPARRING_RARITIES;
  for (let level = 1; level <= MAX_LEVEL; level++)
    for (let rarity = 1; rarity <= 5; rarity++) if (near(level, rarity)) add(level, rarity);
  if (beyondItsMake(hero))
    for (let level = hero.level; level <= MAX_LEVEL; level++)
      for (let rarity = hero.rarity; rarity <= 5; rarity++) if (!near(level, rarity)) add(level, rarity);
  return out.sort((a, b) => a.power - b.power || a.make.level - b.make.level);
}

/** Where a seed's search stands: the options still possible (from `lo` to `hi`) and the last measured one. */
export interface SparringAim {
  lo: number;
  hi: number;
  last: { at: number; chance: number } | null;
}

/**
 * How steeply a duel's log-odds fall as the partner's power rises (per unit of ln power), assumed until a seed's
 * own two measurements say otherwise: measured over typical pairs, 15–25 (docs/game-rules.md).
 */
export const SPARRING_SLOPE = 20;

const logit = (p: number) => Math.log(p / (1 - p));

/** The option whose power is nearest `power` among `lo`…`hi`. */
function nearest(options: readonly SparringOption[], power: number, lo: number, hi: number): number {
  let best = lo;
  for (let i = lo; i <= hi; i++)
    if (Math.abs(Math.log(options[i].power / power)) < Math.abs(Math.log(options[best].power / power)))
      best = i;
  return best;
}

/** A seed's search begins at the option nearest the hero's own power. */
export function firstAim(options: readonly SparringOption[], hero: Hero): { at: number; aim: SparringAim } {
  const aim = { lo: 0, hi: options.length - 1, last: null };
  return { at: nearest(options, heroPower(hero), aim.lo, aim.hi), aim };
}

/**
 * After option `at` measured the hero's chance `chance` (outside the fair band): the next option to try, or null
 * when none is left that could be fair. A chance above the band wants a stronger partner, below it a weaker one;
 * the next is aimed where the log-odds line through the measurements (or the assumed slope) crosses an even duel.
 * `samples` is how many battles the chance was measured over (an all-or-nothing chance is taken as half a battle
 * from it).
 */
export function aimMake(
  options: readonly SparringOption[],
  aim: SparringAim,
  at: number,
  chance: number,
  samples: number,
): { at: number | null; aim: SparringAim } {
  const next: SparringAim = {
    lo: chance > FAIR_CHANCE.high ? Math.max(aim.lo, at + 1) : aim.lo,
    hi: chance < FAIR_CHANCE.low ? Math.min(aim.hi, at - 1) : aim.hi,
    last: { at, chance },
  };
  if (next.lo > next.hi) return { at: null, aim: next };
  const edge = 0.5 / Math.max(1, samples);
  const clip = (p: number) => Math.min(1 - edge, Math.max(edge, p));
  const ln = (i: number) => Math.log(options[i].power);
  let slope = SPARRING_SLOPE;
  if (aim.last && ln(aim.last.at) !== ln(at)) {
    const measured = (logit(clip(aim.last.chance)) - logit(clip(chance))) / (ln(at) - ln(aim.last.at));
    if (measured > 2) slope = Math.min(3 * SPARRING_SLOPE, measured);
  }
  const target = Math.exp(ln(at) + logit(clip(chance)) / slope);
  return { at: nearest(options, target, next.lo, next.hi), aim: next };
}
