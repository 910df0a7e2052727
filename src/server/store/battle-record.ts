// A fight's record: what a battle row keeps of a fight resolved at once (quick battle, arena duel, dungeon floor), in
// its one `record` column, written by recordBattle and read by readRecord. It keeps the fight's inputs, not what
// they give: the teams as they began (each hero without the texts its content gives it again), the engine version
// and the seed of the battle its story tells; the facts are played again from them on reading while the engine is
// the one that fought it, and are kept only in a record of an engine since changed (fights converted from older
// rows by migration 0021). The outcome is the row's status; rewards and level-ups are kept here once. No sentence
// is kept: the story and the events' words are told again from the facts (src/game/battle/odds.ts fightStory,
// narration.ts). The JSON is deflated: a 4v4 fight keeps about 1 KB (npm run bench:storage).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { BattleResult } from '../../api/common.ts';
import {
  ABILITIES,
  attackNameOf,
  BANES,
  BOONS,
  findClass,
  findRace,
  own,
  UnknownContent,
} from '../../game/content.ts';
import { describeAbility, describeTrait } from '../../game/describe.ts';
import { iconPath } from '../../game/art/paths.ts';
import { abilityLevelFor } from '../../game/progression.ts';
import {
  chooseOption,
  ENGINE_VERSION,
  fightStory,
  generateHero,
  setAuto,
  startBattle,
  tellAgain,
  type BattleState,
  type Difficulty,
} from '../../game/index.ts';
import { castOf, factOf, told, type EventFacts } from '../../game/battle/narration.ts';
import type { Ability, AiTier, BattleEvent, Hero, LevelUp, Rewards, Trait } from '../../game/types.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { Refusal } from '../foundation/errors.ts';
import type { BattlesTable, Database } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A hero as a record keeps it: every text its content gives it again left out (kept only where it differs). */
export type StoredHero = Omit<Hero, 'boon' | 'bane' | 'abilities' | TextField> &
  Partial<Pick<Hero, TextField>> & {
    boon: string | Trait;
    bane: string | Trait;
    abilities: (string | Ability)[];
  };
type TextField =
  'race_description' | 'class_description' | 'description' | 'portrait_url' | 'boon_icon' | 'bane_icon';
const TEXT_FIELDS: TextField[] = [
  'race_description',
  'class_description',
  'description',
  'portrait_url',
  'boon_icon',
  'bane_icon',
];

/** The dungeon floor a turn-based battle fights: what it pays by and the run it moves on. */
export interface FloorBattle {
  run_id: string;
  dungeon_id: string;
  floor: number;
  floors: number;
  difficulty: Difficulty;
  multiplier: number;
  boss_floor: boolean;
}

/** A turn-based battle as it ends (fights/turn-battle-store.ts StoredBattle): what its record is made of. */
export interface EndedBattle {
  engine: BattleState;
  teams: { allies: Hero[]; enemies: Hero[] };
  engine_version: string;
  probability: number;
  dungeon?: FloorBattle;
}

/** A fight resolved at once, as its row keeps it. */
export interface BattleRecord {
  engine_version: string;
  /** The teams as they began (absent on fights recorded before replays were kept). */
  allies?: StoredHero[];
  enemies?: StoredHero[];
  /** The seed of the battle the fight's story tells, or null when none went the rolled way. */
  seed: number | null;
  /** The engine's turns the battle was played to, when not its default (a guild boss attack: src/game/guild.ts). */
  turn_limit?: number;
  /** That battle's facts: kept only when the engine running is not the one that fought it. */
  facts?: EventFacts[];
  /** The win chance stated before it (a turn-based battle's: the same matchup's at its start). */
  probability: number;
  /** Resolved at once: the roll, the odds' sample count and key. */
  roll?: number;
  samples?: number;
  odds_key?: string;
  /** Turn-based: every option chosen, in order (with the seed, the battle), and how each side was played. */
  choices?: string[];
  ai?: [AiTier, AiTier];
  /** Turn-based: the allies played by their AI from the start. */
  auto?: true;
  /** A dungeon floor fought turn by turn: the run it moved on. */
  dungeon?: FloorBattle;
  rewards: Rewards;
  level_ups: LevelUp[];
  /** What was settled with it and joined its answer (an arena duel's ratings before and after: ladder.ts). */
  extra?: object;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const trait = (id: string): Trait | undefined => {
  const t = own(BOONS, id) ?? own(BANES, id);
  return t && { id: t.id, name: t.name, description: describeTrait(t) };
};
const ability = (id: string, heroLevel: number): Ability | undefined => {
  const a = own(ABILITIES, id);
  return (
    a && {
      id,
      name: a.name,
      description: describeAbility(a),
      level: abilityLevelFor(heroLevel),
      type: a.type,
      icon: iconPath('ability', id),
    }
  );
};

/** The texts a hero's content gives it (its sheet and portrait as its seed draws them). */
function textsOf(
  h: Pick<Hero, 'id' | 'user_id' | 'seed' | 'level' | 'rarity' | 'race' | 'class'>,
  boon: string,
  bane: string,
) {
  const drawn = generateHero(h.seed, { id: h.id, userId: h.user_id, level: h.level, rarity: h.rarity });
  return {
    race_description: findRace(h.race)?.description,
    class_description: findClass(h.class)?.description,
    description: drawn.description,
    portrait_url: drawn.portrait_url,
    boon_icon: iconPath('trait', boon),
    bane_icon: iconPath('trait', bane),
  };
}

export function storedHero(hero: Hero): StoredHero {
  const { rating: _rating, fighting_stats: _fighting, ...h } = hero;
  const texts = textsOf(h, h.boon.id, h.bane.id);
  const out: StoredHero = {
    ...h,
    boon: same(trait(h.boon.id), h.boon) ? h.boon.id : h.boon,
    bane: same(trait(h.bane.id), h.bane) ? h.bane.id : h.bane,
    abilities: h.abilities.map((a) => (same(ability(a.id, h.level), a) ? a.id : a)),
  };
  for (const f of TEXT_FIELDS) if (texts[f] === h[f]) delete out[f];
  return out;
}

export function heroOf(s: StoredHero): Hero {
  const boonId = typeof s.boon === 'string' ? s.boon : s.boon.id;
  const baneId = typeof s.bane === 'string' ? s.bane : s.bane.id;
  const texts = textsOf(s, boonId, baneId);
  const named = <T>(t: T | undefined, kind: string, id: string): T => {
    if (!t) throw new UnknownContent(`hero ${s.id}`, kind, id, kind === 'ability' ? 'ABILITIES' : 'TRAITS');
    return t;
  };
  const hero = {
    ...s,
    boon: typeof s.boon === 'string' ? named(trait(s.boon), 'boon', s.boon) : s.boon,
    bane: typeof s.bane === 'string' ? named(trait(s.bane), 'bane', s.bane) : s.bane,
    abilities: s.abilities.map((a) => (typeof a === 'string' ? named(ability(a, s.level), 'ability', a) : a)),
  } as Hero;
  for (const f of TEXT_FIELDS) if (hero[f] === undefined) hero[f] = texts[f] ?? '';
  // The fields in the order a hero has them (a replay's heroes read as the fight's did).
  return Object.fromEntries(HERO_ORDER.filter((k) => k in hero).map((k) => [k, hero[k]])) as unknown as Hero;
}
const HERO_ORDER: (keyof Hero)[] = Object.keys(generateHero(1, { id: 'h', userId: null })) as (keyof Hero)[];
HERO_ORDER.push('rating', 'version');

export const encodeRecord = (r: BattleRecord): Buffer => deflateRawSync(JSON.stringify(r), { level: 9 });
export const readRecord = (row: Pick<Selectable<BattlesTable>, 'record'>): BattleRecord =>
  JSON.parse(inflateRawSync(row.record!).toString('utf8')) as BattleRecord;

/** A fight's record as it is written: its teams kept without their texts, its facts left to the seed. */
export function fightRecord(
  f: Omit<BattleRecord, 'allies' | 'enemies' | 'engine_version' | 'facts'>,
  allies: Hero[],
  enemies: Hero[],
): BattleRecord {
  return {
    engine_version: ENGINE_VERSION,
    allies: allies.map(storedHero),
    enemies: enemies.map(storedHero),
    ...f,
  };
}

/** Writes a battle's row (inside the caller's transaction), stamped now, with the record of a fight resolved at once. */
export async function recordBattle(
  trx: Db,
  row: Omit<Insertable<BattlesTable>, 'created_at' | 'updated_at' | 'version' | 'record'>,
  record?: BattleRecord,
): Promise<void> {
  const now = nowSeconds();
  await trx
    .insertInto('battles')
    .values({ ...row, record: record ? encodeRecord(record) : null, created_at: now, updated_at: now })
    .execute();
}

export const NO_REPLAY = 'This fight was recorded before replays were kept';
export const RULES_CHANGED =
  'This fight was fought under rules that have changed since, before its facts were kept: it cannot be shown again';

/**
 * A record's teams as they began (404 for a fight recorded before replays were kept). The one reader left of an
 * older shape: those fights' teams were never kept, so no migration can give them a record that plays again
 * (migration 0021 kept what they had: outcome, odds, roll, pay). It goes when those rows do (or if they are given
 * a shape of their own that says 'not kept').
 */
export function teamsOf(r: BattleRecord): { allies: Hero[]; enemies: Hero[] } {
  if (!r.allies || !r.enemies) throw new Refusal(404, NO_REPLAY);
  return { allies: r.allies.map(heroOf), enemies: r.enemies.map(heroOf) };
}

/** The facts of the battle a fight's story tells (none when none went the rolled way): kept, or played again. */
export function factsOf(r: BattleRecord, allies: Hero[], enemies: Hero[]): EventFacts[] {
  if (r.facts) return r.facts;
  if (r.seed === null) return [];
  if (r.engine_version !== ENGINE_VERSION) throw new Refusal(410, RULES_CHANGED);
  return tellAgain(r.seed, allies, enemies, r.turn_limit).events.map(factOf);
}

/** A fight's result as it was answered (GET /api/battles/{id}), its story told again from its facts. */
export function resultOf(row: Selectable<BattlesTable>): BattleResult {
  const r = readRecord(row);
  const won = row.status === 'won';
  return {
    battle_id: row.id,
    status: won ? 'won' : 'lost',
    probability: r.probability,
    roll: r.roll ?? 0,
    ...storyOf(r, won, row.location),
    rewards: r.rewards,
    level_ups: r.level_ups,
    location: row.location,
    location_type: row.location_type as BattleResult['location_type'],
    ...(r.odds_key !== undefined && { odds_key: r.odds_key }),
    ...r.extra,
  };
}

/** The story told again; a fight whose battle cannot be played again (its teams or rules gone) is told in a line. */
function storyOf(r: BattleRecord, won: boolean, location: string) {
  try {
    const { allies, enemies } = teamsOf(r);
    const told = r.seed === null ? null : { events: factsOf(r, allies, enemies) };
    return fightStory(told, allies, enemies, won);
  } catch (err) {
    if (!(err instanceof Refusal || err instanceof UnknownContent)) throw err;
    const line = `${won ? 'Victory' : 'Defeat'} at ${location}.`;
    return { description: line, scenarios: { win: 'Victory.', lose: 'Defeat.' } };
  }
}

const factsOfEvents = (events: readonly BattleEvent[]) => events.map(factOf);

/** The battle a turn-based record plays again from its seed and choices: its engine state at the end. */
export function battleOf(r: BattleRecord, battleId: string, allies: Hero[], enemies: Hero[]): BattleState {
  const [allyAi, enemyAi] = r.ai ?? ['normal', 'normal'];
  let state = startBattle(r.seed!, allies, enemies, {
    battleId,
    allyAi,
    enemyAi,
    auto: r.auto ?? false,
  }).state;
  for (const choice of r.choices ?? []) {
    if (choice === 'auto') {
      state = setAuto(state, true).state;
      continue;
    }
    const [option, target] = choice.split('@');
    const next = chooseOption(state, option!, target);
    if (!next.ok)
      throw new Error(`battle ${battleId}: its choice ${choice} does not play again (${next.error})`);
    state = next.state;
  }
  return state;
}

/**
 * A turn-based battle's record once it is over (won, lost, or abandoned for another): its teams, seed and choices;
 * its facts kept only when its teams or its engine would not play them again.
 */
export function turnRecord(stored: EndedBattle, rewards: Rewards, levelUps: LevelUp[]): BattleRecord {
  const e = stored.engine;
  const record: BattleRecord = {
    engine_version: stored.engine_version,
    allies: stored.teams.allies.map(storedHero),
    enemies: stored.teams.enemies.map(storedHero),
    seed: e.seed,
    choices: e.choices,
    ai: [e.ally_ai, e.enemy_ai],
    ...(e.auto && !e.choices.includes('auto') && { auto: true as const }),
    probability: stored.probability,
    rewards,
    level_ups: levelUps,
    ...(stored.dungeon && { dungeon: stored.dungeon }),
  };
  const facts = factsOfEvents(e.events);
  if (record.engine_version === ENGINE_VERSION) {
    try {
      const again = battleOf(record, e.battle_id, record.allies!.map(heroOf), record.enemies!.map(heroOf));
      if (same(factsOfEvents(again.events), facts)) return record;
    } catch {
      // (its teams name content since gone, or a choice no longer plays: its facts are kept)
    }
  }
  return { ...record, facts };
}

/** A finished turn-based battle as its record plays it again (its state at the end; 410 when it cannot). */
export function finishedBattle(row: Pick<Selectable<BattlesTable>, 'id' | 'record'>): {
  record: BattleRecord;
  state: BattleState;
  allies: Hero[];
  enemies: Hero[];
} {
  const record = readRecord(row);
  const { allies, enemies } = teamsOf(record);
  // Kept facts, or none from an engine since changed: it cannot be played again under today's rules.
  if (record.facts || record.engine_version !== ENGINE_VERSION) throw new Refusal(410, RULES_CHANGED);
  return { record, state: battleOf(record, row.id, allies, enemies), allies, enemies };
}

/** A record's events, sentences told again: its kept facts, or its battle played again (410 when it cannot be). */
export function eventsOf(r: BattleRecord, battleId: string, allies: Hero[], enemies: Hero[]): BattleEvent[] {
  if (r.facts) {
    const cast = castOf(
      [...allies, ...enemies].map((h) => ({ id: h.id, name: h.name, attack: attackNameOf(h) })),
    );
    return r.facts.map((fact) => told(fact, cast));
  }
  if (r.seed === null) return [];
  if (r.engine_version !== ENGINE_VERSION) throw new Refusal(410, RULES_CHANGED);
  return r.choices
    ? battleOf(r, battleId, allies, enemies).events
    : tellAgain(r.seed, allies, enemies, r.turn_limit).events;
}
