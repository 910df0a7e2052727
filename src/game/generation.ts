// Hero generation: a hero (or an NPC) is a pure function of its seed and options. The seed is stored on the
// hero; its name, portrait and stat spread come from it forever. Rarity odds and stat rules are in
// docs/game-rules.md.

import type { Ability, Hero, HeroType, StatSpread, Trait } from './types.ts';
import { HERO_TYPES } from './types.ts';
import { createPrng, hashSeed, type Prng } from './prng.ts';
import { ABILITIES, BANES, BOONS, CLASSES, RACES, findClass } from './content.ts';
import type { ClassDef, RaceDef, TraitDef } from './data/schema.ts';
import { describeAbility, describeTrait } from './describe.ts';
import { abilityLevelFor, MAX_LEVEL, SPREAD_PCT, statsFor } from './progression.ts';
import { iconPath, portraitPath } from './art/paths.ts';
import { MAX_FOE_TRAINING } from './data/training.ts';
import type { Sync } from './training.ts';
import { floorOdds, RARITY_ODDS } from './altar.ts';

export { RARITY_ODDS };

/**
 * A rarity from one draw of `rng`: the altar's odds (data/altar.ts), or at `floor` or better — the odds below the
 * floor cut and the rest rescaled (altar.ts floorOdds), from the same single draw, so the rest of the hero is drawn
 * exactly as it would be without a floor.
 */
export function rollRarity(rng: Prng, floor = 1): number {
  const odds = floor > 1 ? floorOdds(floor) : RARITY_ODDS;
  let x = rng.next();
  for (let r = 0; r < odds.length; r++) {
    x -= odds[r];
    if (x < 0 && odds[r] > 0) return r + 1;
  }
  return odds.length;
}

const RACE_LIST = Object.values(RACES);
const CLASS_LIST = Object.values(CLASSES);
const BOON_LIST = Object.values(BOONS);
const BANE_LIST = Object.values(BANES);

/** A type: the class's leaning 70% of the time, otherwise one of the other two. */
function rollType(rng: Prng, cls: ClassDef): HeroType {
  if (rng.next() < 0.7) return cls.leaning;
  const others = HERO_TYPES.filter((t) => t !== cls.leaning);
  return rng.pick(others);
}

export function rollName(rng: Prng, race: RaceDef): string {
  const n = race.names;
  const first = rng.pick(n.start) + rng.pick(n.middle) + rng.pick(n.end);
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} ${rng.pick(n.family)}`;
}

function toTrait(t: TraitDef): Trait {
  return { id: t.id, name: t.name, description: describeTrait(t) };
}

export function toAbility(id: string, heroLevel: number): Ability {
  const a = ABILITIES[id];
  return {
    id,
    name: a.name,
    description: describeAbility(a),
    level: abilityLevelFor(heroLevel),
    type: a.type,
    icon: iconPath('ability', id),
  };
}

/** Two distinct normal abilities and one ultimate from the class's lists, none of `avoid` while others remain. */
function rollAbilities(rng: Prng, cls: ClassDef, level: number, avoid: readonly string[] = []): Ability[] {
  const fresh = (ids: readonly string[], need: number) => {
    const left = ids.filter((id) => !avoid.includes(id));
    // A class too small to give `need` fresh ones (none is: content.test.ts checks) tops up from the old ones.
    return left.length >= need ? left : [...left, ...ids.filter((id) => avoid.includes(id))];
  };
  const pool = fresh(cls.abilities, 2);
  const first = pool.splice(rng.int(pool.length), 1)[0];
  const second = pool.splice(rng.int(pool.length), 1)[0];
  const ultimate = rng.pick(fresh(cls.ultimates, 1));
  return [toAbility(first, level), toAbility(second, level), toAbility(ultimate, level)];
}

/**
 * The hero's own spread, from its seed alone (its own stream, so the seed's name, abilities and looks are the
 * ones they were before spreads existed): a whole percent in −SPREAD_PCT … +SPREAD_PCT on each stat, uniform.
 */
export function rollSpread(seed: number): StatSpread {
  const rng = createPrng(hashSeed('spread', seed >>> 0));
  const roll = () => rng.int(2 * SPREAD_PCT + 1) - SPREAD_PCT;
  return { max_hp: roll(), atk: roll(), def: roll(), spd: roll() };
}

const RARITY_WORD = ['', 'common', 'uncommon', 'rare', 'epic', 'legendary'];
const TYPE_ROLE: Record<HeroType, string> = {
  Tank: 'holds the front line',
  Damage: 'deals the killing blows',
  Support: 'keeps the party standing',
};
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

function describeHero(
  rng: Prng,
  name: string,
  race: RaceDef,
  cls: ClassDef,
  type: HeroType,
  rarity: number,
  boon: TraitDef,
  bane: TraitDef,
): string {
  const first = name.split(' ')[0];
  const rw = RARITY_WORD[rarity];
  const opening = rng.pick([
    `${name} is ${article(rw)} ${rw} ${race.name} ${cls.name} who ${TYPE_ROLE[type]}.`,
    `${name}, ${article(race.name)} ${race.name} ${cls.name} of ${rw} renown, ${TYPE_ROLE[type]}.`,
    `${name} is ${article(cls.name)} ${cls.name} of ${race.name} blood, ${rw} among heroes, who ${TYPE_ROLE[type]}.`,
  ]);
  const trade =
    `Like every ${cls.name.toLowerCase()}, ${first} is ${lower(cls.description)}`
      .replace(/ is an? /, ' is at heart a ')
      .replace(/\.$/, '') + '.';
  const [good, bad] = [boon, bane].map((t) => lower(describeTrait(t)));
  const traits = rng.pick([
    `Boon — ${boon.name}: ${good} Bane — ${bane.name}: ${bad}`,
    `${first} is blessed with ${boon.name} (${good.replace(/\.$/, '')}) but burdened by ${bane.name} (${bad.replace(/\.$/, '')}).`,
  ]);
  return `${opening} ${trade} ${traits}`;
}

export function generateHero(
  seed: number,
  opts: {
    id: string;
    userId: string | null;
    level?: number;
    rarity?: number;
    rarityFloor?: number;
    /** levels of training it arrives with (src/game/training.ts) */
    training?: number;
  },
): Hero {
  const s = seed >>> 0;
  const rng = createPrng(s);
  const race = rng.pick(RACE_LIST);
  const cls = rng.pick(CLASS_LIST);
  const type = rollType(rng, cls);
  const rolled = rollRarity(rng, opts.rarityFloor);
  const rarity = Math.min(5, Math.max(1, Math.floor(opts.rarity ?? rolled)));
  const level = Math.min(MAX_LEVEL, Math.max(1, Math.floor(opts.level ?? 1)));
  const boon = rng.next() < 0.35 ? BOONS[rng.pick(race.favouredBoons)] : rng.pick(BOON_LIST);
  const bane = rng.pick(BANE_LIST);
  const name = rollName(rng, race);
  const abilities = rollAbilities(rng, cls, level);
  const spread = rollSpread(s);
  const training = Math.min(MAX_FOE_TRAINING, Math.max(0, Math.floor(opts.training ?? 0)));
  const stats = statsFor(type, cls, race, rarity, level, spread, training);
  return {
    id: opts.id,
    user_id: opts.userId,
    seed: s,
    name,
    race: race.name,
    race_description: race.description,
    class: cls.name,
    class_description: cls.description,
    type,
    rarity,
    level,
    xp: 0,
    hp: stats.max_hp,
    max_hp: stats.max_hp,
    atk: stats.atk,
    def: stats.def,
    spd: stats.spd,
    spread,
    description: describeHero(rng, name, race, cls, type, rarity, boon, bane),
    portrait_url: portraitPath({ raceId: race.id, classId: cls.id, type, rarity, seed: s }),
    boon: toTrait(boon),
    bane: toTrait(bane),
    boon_icon: iconPath('trait', boon.id),
    bane_icon: iconPath('trait', bane.id),
    abilities,
    ...(training > 0 && { training }),
  };
}

/**
 * A summoned pair: one candidate per id, each a hero of its own seed drawn from the generation's seed, so the
 * generation's seed and floor alone give the whole pair. The first candidate is drawn at `floor` or better (the
 * altar's pity: altar.ts pairFloor), the second at the plain odds. Both arrive at the player's `sync` level and
 * training (training.ts syncOf), so a new pull can join the best four at once.
 */
export function generatePair(
  seed: number,
  opts: { ids: readonly string[]; userId: string; floor?: number; sync?: Sync },
): Hero[] {
  return opts.ids.map((id, slot) =>
    generateHero(hashSeed('candidate', seed >>> 0, slot), {
      id,
      userId: opts.userId,
      rarityFloor: slot === 0 ? opts.floor : undefined,
      level: opts.sync?.level,
      training: opts.sync?.training,
    }),
  );
}

/**
 * Three new abilities (2 normal, 1 ultimate) from the hero's class, none of which it has now: every class has at
 * least 4 normal abilities and 2 ultimates (content.test.ts). Nothing else changes — stats, spread, level, xp.
 */
export function rerollAbilities(hero: Hero, seed: number): Hero {
  const cls = findClass(hero.class);
  if (!cls) return hero;
  const rng = createPrng(hashSeed(seed, hero.seed));
  const abilities = rollAbilities(
    rng,
    cls,
    hero.level,
    hero.abilities.map((a) => a.id),
  );
  return { ...hero, abilities };
}
