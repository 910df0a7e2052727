// The shapes a finished fight was kept in before one record (before 2026-11-26), read only by migration
// 0021_battle_record, which converts every such row to its record (battle-record.ts). A fight resolved at
// once: the row's `state` (the seed, samples and — since replays were kept — the teams and the told battle's facts),
// its `result` (the answer, sentences and all) and the `rewards` and `level_ups` that repeated it. A finished
// turn-based battle: its whole engine state with its events in words (read as today's facts: record-upgrade.ts),
// teams, engine version and odds where it kept them, and its pay in `rewards` and `level_ups`.
import { ENGINE_VERSION, tellAgain } from '../../game/index.ts';
import type { EventFacts } from '../../game/battle/narration.ts';
import { withExpiresAfterDeaths } from '../../game/battle/record-upgrade.ts';
import type { Hero, LevelUp, Rewards } from '../../game/types.ts';
import { heroOf, storedHero, turnRecord, type BattleRecord, type EndedBattle } from './battle-record.ts';
import { upgradeBattleState } from '../../game/battle/record-upgrade.ts';

interface OldState {
  seed: number;
  samples: number;
  replay?: {
    engine_version: string;
    allies: Hero[];
    enemies: Hero[];
    told: { seed: number; facts: EventFacts[] } | null;
  };
}
interface OldResult {
  probability?: number;
  roll?: number;
  odds_key?: string;
  rewards?: Rewards;
  level_ups?: LevelUp[];
  /** and what joined the answer (an arena duel's ratings, its repeat-win rule) */
  [joined: string]: unknown;
}
/** The answer's own fields: the rest joined it. */
const ANSWER = new Set([
  'battle_id',
  'status',
  'probability',
  'roll',
  'description',
  'scenarios',
  'rewards',
  'level_ups',
  'location',
  'location_type',
  'odds_key',
  'user',
]);

const NOTHING: Rewards = { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 };
const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export function oldFightRecord(row: {
  state: string | null;
  result: string | null;
  rewards: string | null;
  level_ups: string | null;
}): BattleRecord {
  const state = parse<OldState>(row.state);
  const result = parse<OldResult>(row.result) ?? {};
  const base: Omit<BattleRecord, 'engine_version' | 'seed'> = {
    probability: result.probability ?? 0.5,
    roll: result.roll ?? 0,
    samples: state?.samples ?? 0,
    ...(result.odds_key !== undefined && { odds_key: result.odds_key }),
    rewards: result.rewards ?? parse<Rewards>(row.rewards) ?? NOTHING,
    level_ups: result.level_ups ?? parse<LevelUp[]>(row.level_ups) ?? [],
  };
  const joined = Object.entries(result).filter(([k]) => !ANSWER.has(k));
  if (joined.length > 0) base.extra = Object.fromEntries(joined);
  const replay = state?.replay;
  if (!replay) return { engine_version: '', seed: null, ...base };
  const { allies, enemies, told } = replay;
  const record: BattleRecord = {
    engine_version: replay.engine_version,
    allies: allies.map(storedHero),
    enemies: enemies.map(storedHero),
    seed: told?.seed ?? null,
    ...base,
  };
  if (!told) return record;
  // Read as today's facts (the expires after a death), and kept unless the engine running plays them from the seed.
  const facts = withExpiresAfterDeaths(told.facts, (fact) => fact);
  if (replay.engine_version === ENGINE_VERSION) {
    const again = tellAgain(told.seed, record.allies!.map(heroOf), record.enemies!.map(heroOf)).events;
    if (JSON.stringify(again.map(({ description: _, ...fact }) => fact)) === JSON.stringify(facts))
      return record;
  }
  return { ...record, facts };
}

export function oldTurnRecord(row: {
  state: string;
  rewards: string | null;
  level_ups: string | null;
}): BattleRecord {
  const stored = JSON.parse(row.state) as EndedBattle;
  return turnRecord(
    { ...stored, engine: upgradeBattleState(stored.engine) },
    parse<Rewards>(row.rewards) ?? NOTHING,
    parse<LevelUp[]>(row.level_ups) ?? [],
  );
}
