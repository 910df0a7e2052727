// The campaign's rules over its content (data/campaign.ts): a stage's foes, which stages a player may fight (one
// after another: a stage opens when the one before it is cleared), a hero's and a team's power (the number a stage
// recommends), and idle income — the furthest cleared stage's hourly rate, accruing up to IDLE_CAP_HOURS while the
// player is away. Pure: the server stores the progress and the time (src/server/fights/campaign-progress.ts). Numbers:
// docs/game-rules.md "The campaign".
import { DEEP_FROM, STAGES, type StageDef } from './data/campaign.ts';
import { generateHero } from './generation.ts';
import { statsWithGear, type FightingStats, type Wearer } from './gear.ts';
import { hashSeed } from './prng.ts';
import type { Hero } from './types.ts';

export type StageStatus = 'locked' | 'open' | 'cleared';

type Powered = FightingStats & Wearer;

/**
 * A hero's power: its fighting numbers in its gear (./gear.ts statsWithGear) in one figure (health, and attack,
 * defence and speed weighted by what a point of each is worth in a fight). A team's is the sum; a stage recommends the
 * team power at which it is even. The one measure of power: the campaign's view and the season simulation read it.
 */
export function heroPower(h: Powered): number {
  const s = statsWithGear(h);
  return Math.round((s.max_hp + 6 * s.atk + 4 * s.def + 2 * s.spd) / 4);
}

export const teamPower = (team: readonly Powered[]): number => team.reduce((sum, h) => sum + heroPower(h), 0);

const foes = new Map<string, Hero[]>();

/**
 * The stage's enemy team: the same heroes on every server and every run (seeded by the stage). Past the sixth chapter
 * a chapter is one band of foes (seeded by the chapter) that trains stage by stage, so its stages differ only in
 * training and climb evenly; a new lineup comes with each chapter. (Cached by what makes the team: the tuner measures
 * a stage at several trainings.)
 */
export function stageFoes(stage: StageDef): Hero[] {
  const key = `${stage.id}:${stage.variant}:${stage.foes.map((f) => f.training ?? 0).join('.')}`;
  let team = foes.get(key);
  if (!team) {
    const lineup = stageIndex(stage) >= DEEP_FROM ? `chapter ${stage.chapter}` : stage.id;
    team = stage.foes.map((f, j) =>
      generateHero(hashSeed('campaign', lineup, stage.variant, j), {
        id: `foe_${stage.id}_${j + 1}`,
        userId: null,
        level: f.level,
        rarity: f.rarity,
        training: f.training,
      }),
    );
    foes.set(key, team);
  }
  return team;
}

/** A stage's place in the campaign, 0-based. */
export const stageIndex = (stage: StageDef): number => (stage.chapter - 1) * 8 + stage.index - 1;

/** A stage's status for a player who has cleared the first `cleared` stages (in order): the next one is open. */
export function stageStatus(stage: StageDef, cleared: number): StageStatus {
  const k = stageIndex(stage);
  return k < cleared ? 'cleared' : k === cleared ? 'open' : 'locked';
}

/** The stage a player fights next, or null once every stage is cleared. */
export const nextStage = (cleared: number): StageDef | null => STAGES[cleared] ?? null;

// ---- idle income ---------------------------------------------------------------------------------------------------

/** Idle income stops accruing this long after the last claim (or the first clear). */
export const IDLE_CAP_HOURS = 12;
export const IDLE_CAP_S = IDLE_CAP_HOURS * 3600;

/** What idle income pays per hour: gold and essence to the player, xp to each hero of their last campaign team. */
export interface IdleRate {
  gold: number;
  xp_per_hero: number;
  magic_essence: number;
}

export const NO_IDLE: IdleRate = { gold: 0, xp_per_hero: 0, magic_essence: 0 };

/**
 * The hourly rate set by the furthest cleared stage (`cleared` stages cleared; none: nothing accrues). Set by
 * npm run sim:season so that a day's 12 hours come to about a quarter of what a 15-minute day of play earns at
 * that point of the climb (docs/game-rules.md).
 */
const IDLE_GROWS_TO = 16;
export function idleRate(cleared: number): IdleRate {
  if (cleared <= 0) return NO_IDLE;
  // Grows with the first two chapters; past them the rate stays (gold there is the fights' to earn).
  const n = Math.min(cleared, IDLE_GROWS_TO);
  return {
    gold: 20 + 4 * n,
    xp_per_hero: 20 + 5 * n,
    magic_essence: 1 + Math.floor(n / 12),
  };
}

/** What has accrued `seconds` after the last claim at `rate`: whole amounts, nothing past the cap. */
export function idleAccrued(rate: IdleRate, seconds: number): IdleRate {
  const s = Number.isFinite(seconds) ? Math.min(IDLE_CAP_S, Math.max(0, seconds)) : 0;
  return {
    gold: Math.floor((rate.gold * s) / 3600),
    xp_per_hero: Math.floor((rate.xp_per_hero * s) / 3600),
    magic_essence: Math.floor((rate.magic_essence * s) / 3600),
  };
}
