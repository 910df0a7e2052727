// Which piece of gear a won fight drops (content: ./data/gear.ts, the chapters' sets in ./data/campaign.ts). Pure and
// seeded by the battle's id, so one battle decides once and the same battle always decides alike; the server adds the
// piece to the inventory in the fight's transaction (src/server/heroes/worn-gear.ts). docs/game-rules.md "Gear".
import { createPrng, hashSeed } from './prng.ts';
import {
  GEAR,
  GEAR_DROP_CHANCE,
  GEAR_LIST,
  GEAR_SLOTS,
  STAGE_GEAR_DROP_CHANCE,
  type GearDef,
} from './data/gear.ts';
import { CHAPTERS, type StageDef } from './data/campaign.ts';

/** A cleared dungeon run's drop: with GEAR_DROP_CHANCE, any piece alike; null when none. */
export function dungeonGearDrop(battleId: string): GearDef | null {
  const rng = createPrng(hashSeed('gear-drop', battleId));
  if (rng.next() >= GEAR_DROP_CHANCE) return null;
  return GEAR_LIST[rng.int(GEAR_LIST.length)];
}

/** The piece a stage's first clear gives for certain (its chapter's set, one slot each even stage), or null. */
export function stageFirstClearPiece(stage: Pick<StageDef, 'chapter' | 'index'>): GearDef | null {
  if (stage.index % 2 !== 0) return null;
  const set = CHAPTERS.find((c) => c.id === stage.chapter)?.gearSet;
  const slot = GEAR_SLOTS[stage.index / 2 - 1];
  return (set && slot && GEAR[`${set}_${slot}`]) || null;
}

/**
 * What a won stage drops: its first clear's piece where it has one, otherwise (a later win, or a first clear of an
 * odd stage) a piece of the chapter's set with STAGE_GEAR_DROP_CHANCE, drawn from the battle's id; null when none.
 */
export function stageGearDrop(
  stage: Pick<StageDef, 'chapter' | 'index'>,
  firstClear: boolean,
  battleId: string,
): GearDef | null {
  const sure = firstClear ? stageFirstClearPiece(stage) : null;
  if (sure) return sure;
  const rng = createPrng(hashSeed('stage-gear-drop', battleId));
  if (rng.next() >= STAGE_GEAR_DROP_CHANCE) return null;
  const set = CHAPTERS.find((c) => c.id === stage.chapter)?.gearSet;
  return GEAR[`${set}_${GEAR_SLOTS[rng.int(GEAR_SLOTS.length)]}`] ?? null;
}
