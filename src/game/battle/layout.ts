// The layout of the rules core's typed arrays: which number of a unit record is which field, and which number of an
// effect row is which figure. Constants only, so every module may name a column (the registries ./statuses.ts and
// ./modifiers.ts do, and ./compile.ts builds on them) without importing the content or the core. Stored battles
// never see it: they keep fields by name (./stored-state.ts). The accessors that read these are beside the tables
// they read: unit fields in ./core.ts (unitStat …), effect figures in ./compile.ts (effectPower …); fieldOf reads any
// table of unit records.

// ---- unit record: one Float64Array row of UF numbers per unit --------------------------------------------------
export const HP = 0,
  MAXHP = 1,
  ATK = 2,
  DEF = 3,
  SPD = 4,
  SHIELD = 5,
  ENERGY = 6,
  NEXT = 7,
  ALIVE = 8,
  SIDE = 9;
// what modifiers (boons, banes, passives: ./modifiers.ts) set, before a battle starts
export const CRIT = 10,
  CRITDMG = 11,
  EGAIN = 12,
  HEALDONE = 13,
  HEALTAKEN = 14,
  DMGTAKEN = 15,
  DMGDEALT = 16;
export const LIFESTEAL = 17,
  THORNS = 18,
  DODGE = 19,
  FUMBLE = 20,
  RESIST = 21,
  DOTDEALT = 22,
  DOTTAKEN = 23;
export const EXECUTE = 24,
  LOWHPATK = 25,
  REGEN = 26,
  KILLENERGY = 27,
  ROLE = 28;
// what the statuses a unit carries fold into (./statuses.ts), recomputed whenever one comes or goes
export const M_ATK = 29,
  M_DEF = 30,
  M_SPD = 31,
  M_DMGTAKEN = 32,
  M_DMGDEALT = 33,
  M_HEALTAKEN = 34,
  M_MISS = 35;
export const M_CRITTAKEN = 36,
  F_SKIP = 37,
  F_SILENCE = 38,
  F_TAUNT = 39,
  /** the statuses it carries, one bit each */
  MASK = 40;
export const ABMUL = 41,
  INITIATIVE = 42,
  START_HP = 43,
  START_SHIELD = 44,
  START_ENERGY = 45,
  START_STATUS = 46,
  START_TURNS = 47;
const FIELDS = 48; // (a module's own exported binding is read through its export cell: fieldOf reads this one)
export const UF = FIELDS;

/** Field f of unit i in a table of unit records (a compiled team's; the battle's, which ./core.ts unitStat reads). */
export const fieldOf = (u: ArrayLike<number>, i: number, f: number): number => u[i * FIELDS + f];

export const MAX_UNITS = 8;
export const MAX_ENERGY = 100;
export const SLOTS = 3; // two normal abilities and the ultimate

// ---- effect row: an effect's figures (its op and target kind are the effects registry's entries, ./actions.ts) --
/** Which stat scales a heal or shield (the index of its name in SCALES; 0, attack, unless said). */
export const SC_DEF = 1,
  SC_MAXHP = 2,
  SC_TARGET_MAXHP = 3;
export const E_POWER = 0,
  E_SCALE = 1,
  E_STATUS = 2,
  E_TURNS = 3,
  E_CHANCE = 4,
  E_HITS = 5;
export const E_DRAIN = 6,
  E_EXECUTE = 7,
  E_PIERCE = 8,
  /** 1 when the hero's ability level raises the effect (every ability's, not a basic action's). */
  E_LEVELED = 9;
export const EF = 10;
export const MAX_EFFECTS = 4;
