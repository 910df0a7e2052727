// The numbers the rules core leans on: actions, outcomes, the constants of its formulas. They live in a module of
// their own, destructured into ./core.ts (which exports them on): a module's own exported binding is read through
// its export cell at every use, where a destructured one is a constant to the compiler.

// ---- actions --------------------------------------------------------------------------------------------------
export const ACT_ATTACK = 0,
  ACT_SLOT0 = 1,
  ACT_SLOT1 = 2,
  ACT_ULT = 3,
  ACT_DEFEND = 4,
  ACT_FOCUS = 5;
export const ACT_COUNT = 6;

// ---- the numbers everything leans on ---------------------------------------------------------------------------
/** Damage = power × atk × DAMAGE_K × atk / (atk + def), then multipliers. */
export const DAMAGE_K = 3.6;
export const ENERGY_PER_HIT = 8;
export const EXECUTE_BELOW = 0.35;
export const LOW_HP_BELOW = 0.4;
export const SHIELD_CAP = 0.8;
/** Time between a unit's turns is TURN_TIME / speed. */
export const TURN_TIME = 100;
export const DEFAULT_TURN_LIMIT = 160;
/**
 * Exhaustion, the stalemate rule (docs/game-rules.md): from this turn of the battle on, every unit loses a growing
 * share of its max health at the start of each of its turns — FATIGUE_STEP for each turn past FATIGUE_FROM — which
 * no shield, defence or resistance stops, so two sides healing and shielding each other forever still end.
 */
export const FATIGUE_FROM = 60;
export const FATIGUE_STEP = 0.005;

/** Over: 0 = still on, 1 = side 0 won, 2 = side 1 won, 3 = draw. */
export const ONGOING = 0,
  SIDE0_WON = 1,
  SIDE1_WON = 2,
  DRAW = 3;
