// The public face of the rules core: everything the server and the web client may use from src/game.
// Content tables live in ./data, generation in ./generation.ts, the battle engine in ./battle.

export * from './types.ts';
export { createPrng, prngFromState, hashSeed, type Prng } from './prng.ts';
export {
  RACES,
  CLASSES,
  ABILITIES,
  STATUSES,
  BOONS,
  BANES,
  findRace,
  findClass,
  findTrait,
  own,
} from './content.ts';
export type {
  RaceDef,
  ClassDef,
  AbilityDef,
  StatusDef,
  TraitDef,
  EffectDef,
  TraitMods,
} from './data/schema.ts';
export { generateHero, generatePair, rerollAbilities, RARITY_ODDS } from './generation.ts';
export { afterPair, consolidatedRates, floorOdds, pairFloor, type PityCounters } from './altar.ts';
export { ALTAR, type AltarDef, type PityRule, type RarityChance } from './data/altar.ts';
export { MAX_LEVEL, XP_TABLE, xpToNextLevel, grantXp, statsFor } from './progression.ts';
export {
  rewardsFor,
  clearBonus,
  riskFactor,
  REWARD_BASE,
  DIFFICULTY_MUL,
  CLEAR_BONUS_PER_FLOOR,
  TURN_BASED_FLOOR,
  turnBasedShare,
  repeatWinFactor,
  scaleRewards,
  REPEAT_WIN_FLOOR,
  REPEAT_WIN_WINDOW_S,
  type FightMode,
} from './rewards.ts';
export {
  QUICK_FIGHT_S,
  CHOOSE_S,
  DECISION_CREDIT_CAP_S,
  MEASURED_BATTLE_S,
  decisionCredit,
} from './play-time.ts';
export { glicko2Update, glicko2Expected, type Glicko2Rating } from './glicko2.ts';
export {
  conservativeRating,
  LADDER_TAU,
  LEVEL_RATING,
  NEW_RATING,
  npcStartRating,
  rateDuel,
  type LadderRating,
} from './ladder.ts';
export {
  compileTeam,
  fightingFingerprints,
  fightingStats,
  withFightingStats,
  type CompiledTeam,
} from './battle/compile.ts';
export { simulate, simulateBattle, type SimulatedBattle } from './battle/simulate.ts';
export { DRAW, SIDE0_WON, SIDE1_WON } from './battle/core.ts';
export {
  startBattle,
  chooseOption,
  setAuto,
  viewBattle,
  type BattleState,
  type BattleUnitMeta,
  type PendingOption,
} from './battle/turn-based.ts';
export {
  estimateOdds,
  fightStory,
  narrateFight,
  tellAgain,
  nextLook,
  ODDS_SAMPLING,
  resolveFight,
  sampleWins,
  screenedEstimate,
  settled,
  type ScreenLook,
  type Screened,
  type ToldBattle,
} from './battle/odds.ts';
export { ENGINE_VERSION } from './battle/version.ts';
export { unitsAtStart, type UnitAtStart } from './battle/turn-based.ts';
export {
  BALANCE_GATE,
  BALANCE_LEVELS,
  BALANCE_POOL,
  BALANCE_TEAM,
  DRAW_GATE,
  balanceInterval,
  balancePools,
  groupName,
  measureBalance,
  measureLength,
  spreadBand,
  wilsonInterval,
  Z95,
  type BalanceRun,
  type GroupRecord,
  type LengthRun,
  type Tally,
} from './balance.ts';
export {
  heroPower,
  teamPower,
  stageFoes,
  stageIndex,
  stageStatus,
  nextStage,
  idleRate,
  idleAccrued,
  IDLE_CAP_HOURS,
  IDLE_CAP_S,
  NO_IDLE,
  type IdleRate,
  type StageStatus,
} from './campaign.ts';
export {
  CHAPTERS,
  STAGES,
  STAGES_BY_ID,
  type StageDef,
  type ChapterDef,
  type Unlock,
} from './data/campaign.ts';
