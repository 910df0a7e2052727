// The game's public shapes: what a hero, a battle and a fight result look like to everyone outside src/game.
// The server stores and serves these; the web client renders them (through src/api). Content tables
// (src/game/data) and the engine's internal, compiled state have their own types next to them.

export type HeroType = 'Tank' | 'Damage' | 'Support';
export const HERO_TYPES: readonly HeroType[] = ['Tank', 'Damage', 'Support'];

export type AbilityType = 'offensive' | 'defensive' | 'support' | 'utility' | 'passive' | 'ultimate';
export const ABILITY_TYPES: readonly AbilityType[] = [
  'offensive',
  'defensive',
  'support',
  'utility',
  'passive',
  'ultimate',
];

export type Difficulty = 'easy' | 'medium' | 'hard';

/** An ability as a hero carries it: `id` keys the content table (src/game/data/abilities.ts). */
export interface Ability {
  id: string;
  name: string;
  description: string;
  level: number;
  type: AbilityType;
  /** Served image path, always under /api/ (see artPaths). */
  icon: string;
}

/** A boon or a bane: `id` keys the content table of traits. */
export interface Trait {
  id: string;
  name: string;
  description: string;
}

/**
 * A hero's own spread: how far each of its stats sits from the base of its race, class, type, rarity and level,
 * in whole percent (−5 … +5), rolled once from its seed. Heroes stored before spreads existed have all zeros.
 */
export interface StatSpread {
  max_hp: number;
  atk: number;
  def: number;
  spd: number;
}

/**
 * A hero (or an NPC: same shape, id prefixed `npc_`), with its `spread`.
 * `seed` is the hero's own generation seed: its portrait and its name come from it, forever.
 */
/**
 * A hero's standing on the arena ladder as views show it (src/game/ladder.ts): its Glicko-2 rating and deviation and
 * its arena record. Kept in its own row, never in the hero's stored document.
 */
export interface HeroRating {
  rating: number;
  rd: number;
  wins: number;
  losses: number;
}

export interface Hero {
  id: string;
  user_id: string | null;
  seed: number;
  name: string;
  race: string;
  race_description: string;
  class: string;
  class_description: string;
  type: HeroType;
  rarity: number; // 1..5
  level: number; // 1..10
  xp: number; // xp toward the next level (carried over on level-up)
  hp: number;
  max_hp: number;
  atk: number;
  def: number;
  spd: number;
  /** the stats above already include it; shown beside them */
  spread: StatSpread;
  description: string;
  portrait_url: string;
  boon: Trait;
  bane: Trait;
  boon_icon: string;
  bane_icon: string;
  abilities: Ability[]; // exactly 3: two normal, one 'ultimate'
  /** the arena ladder standing, on heroes and NPCs read from the store; absent on candidates, previews and replays */
  rating?: HeroRating;
  /** a player's stored hero's version: every change to it (xp, a level, an item, a reroll, gear, a star) raises it */
  version?: number;
  /** the gear it wears, one piece a slot in slot order (src/game/gear.ts); absent or empty: none */
  gear?: WornGear[];
  /** the set bonuses its gear gives (2 and 4 pieces of a set), written from their figures */
  gear_sets?: GearSetBonus[];
  /** the rarity it was summoned at, once it has ascended (src/game/ascension.ts); absent: never ascended */
  summoned_rarity?: number;
  /** levels of training (src/game/training.ts): the stats above include it; absent: 0 */
  training?: number;
  /**
   * the health, attack, defence and speed it fights with — the stats above with its boon, bane, passives, gear and
   * set bonuses composed on them (battle/compile.ts fightingStats); a view the server adds to the heroes it answers,
   * never stored
   */
  fighting_stats?: Pick<Hero, 'max_hp' | 'atk' | 'def' | 'spd'>;
}

/** A piece of gear as a hero wears it: `item_id` keys src/game/data/gear.ts (and the shop's items). */
export interface WornGear {
  slot: 'weapon' | 'armour' | 'charm' | 'relic';
  item_id: string;
  name: string;
  /** the set's id and name */
  set: string;
  set_name: string;
  icon: string;
  /** what it does, written from its figures (the modifier registry's words) */
  description: string;
}

/** A set bonus a hero's gear gives: `pieces` (2 or 4) of `set` worn. */
export interface GearSetBonus {
  set: string;
  name: string;
  pieces: 2 | 4;
  description: string;
}

// ---------------------------------------------------------------------------------------------------------
// Turn-based battle, as the client sees it.

export type BattleStatus = 'active' | 'won' | 'lost' | 'draw';
export type AiTier = 'easy' | 'normal' | 'hard';

export interface StatusEffectView {
  id: string; // content id: burn, poison, stun …
  name: string;
  turns: number; // turns left
  icon: string;
  harmful: boolean;
  /** what it does, with its figures, written from the numbers the rules read (describeStatus) */
  description: string;
}

export interface BattleUnitView {
  id: string; // the hero's or NPC's id
  name: string;
  level: number;
  class: string;
  race: string;
  type: HeroType;
  rarity: number;
  portrait_url: string;
  is_ally: boolean;
  is_dead: boolean;
  /** start_hp: the health it began the battle with (a bane can start it wounded) */
  stats: { hp: number; max_hp: number; start_hp: number; atk: number; def: number; spd: number };
  shield: number;
  energy: number;
  max_energy: number;
  status_effects: StatusEffectView[];
}

export type OptionTendency = 'aggressive' | 'defensive' | 'supportive' | 'tactical';

export interface BattleOption {
  id: string;
  tendency: OptionTendency;
  label: string;
  detail: string;
  /** The units the player may aim it at instead (one enemy, or one ally); empty when it aims itself. */
  targets: string[];
  /** For each of `targets`, the option as it reads aimed there (its figures are for that unit). */
  aims: { target_id: string; label: string; detail: string }[];
  /** What the action does, as its rules text (describeAbility: the effects registry's words). */
  description: string;
}

/**
 * One thing that happened, in order, told as facts: the client animates from the facts alone (the health and
 * shield a unit is left with come with the event), and `description` is the sentence rendered from them.
 */
export type BattleEventKind =
  | 'turn' // actor starts acting
  | 'ability' // actor uses ability_id ('attack', 'defend', 'focus' or an ability's id) on target
  | 'damage' // target loses amount (absorbed of it by a shield; crit); from a status when status_id is set,
  //            from the long fight's exhaustion (FATIGUE_FROM) when fatigue is set, from its own wasting (a bane
  //            such as Sickly) when neither nor an actor is
  | 'heal' // target gains amount of health (from a status when status_id is set)
  | 'shield' // target's shield grows by amount
  | 'status' // status_id is applied to target for turns
  | 'expire' // status_id ends on target (faded, broken, stripped, or with its bearer: each follows a death)
  | 'death' // target falls (actor: who felled it)
  | 'miss' // actor's action fails: dodged (target set) or stunned (no target)
  | 'start' // before the first turn: target begins the battle changed by its own sources (what: `effect`; whose:
  //            `sources`) — at hp_after health (amount: the health it lacks), behind a shield of amount, with amount
  //            energy, or with status_id for turns
  | 'end'; // the battle is over

/** What a unit's own sources change in the state it begins a battle in (a 'start' event's `effect`). */
export type StartEffect = 'health' | 'shield' | 'energy' | 'status';

/** Where a hero's modifiers come from: its boon, its bane, a passive ability, a piece of gear or a set's bonus. */
export interface ModifierOrigin {
  from: 'boon' | 'bane' | 'passive' | 'gear' | 'set';
  /** the trait's, ability's or piece's id; a set bonus's is `<set>:<pieces>` ('bulwark:2') */
  id: string;
  /** an answered event's: the source by name ('Old Wounds'); a record's facts keep only the id */
  name?: string;
}

export interface BattleEvent {
  turn: number;
  description: string;
  kind: BattleEventKind;
  actor_id?: string;
  target_id?: string;
  ability_id?: string;
  amount?: number;
  /** damage: the part of `amount` a shield took */
  absorbed?: number;
  crit?: boolean;
  status_id?: string;
  /** status, shield: how many of the bearer's own turns it lasts */
  turns?: number;
  /** damage from exhaustion */
  fatigue?: boolean;
  /** the target's health and shield once the event is done */
  hp_after?: number;
  shield_after?: number;
  /** end: how the battle ended, from the allies' side */
  outcome?: 'won' | 'lost' | 'draw';
  /** start: what the unit's sources change */
  effect?: StartEffect;
  /** start: the sources that change it, in the order they apply */
  sources?: ModifierOrigin[];
}

export interface BattleView {
  battle_id: string;
  allies: BattleUnitView[];
  enemies: BattleUnitView[];
  status: BattleStatus;
  pending_options: BattleOption[];
  current_actor_id: string | null;
  turn: number;
  events: BattleEvent[];
  auto: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Fights resolved at once (arena, dungeon floors, quick battles).

export interface Rewards {
  gold: number;
  xp_per_hero: number;
  magic_essence: number;
  combat_tokens: number;
}

export interface LevelUp {
  hero_id: string;
  hero_name: string;
  name: string;
  new_level: number;
  /** What grew with the new level (absent on level-ups recorded before it was told). */
  gains?: { max_hp: number; atk: number; def: number; spd: number };
  portrait_url?: string;
}

export interface FightResolution {
  /** Chance that side A wins, 0..1, estimated from simulated battles. */
  probability: number;
  /** Uniform 0..1; A wins exactly when roll > 1 - probability. */
  roll: number;
  won: boolean;
  /** The story of one simulated battle whose outcome is the one that happened. */
  description: string;
  scenarios: { win: string; lose: string };
  /** How many battles the estimate used. */
  samples: number;
}

export type FightKind = 'random' | 'arena' | 'dungeon' | 'campaign';
