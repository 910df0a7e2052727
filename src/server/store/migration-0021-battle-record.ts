// Migration 0021_battle_record's reading of the shapes a finished fight was kept in before one record (before
// 2026-11-26): it converts every such row to its record (battle-record.ts). A fight resolved at once: the row's
// `state` (the seed, samples and — since replays were kept — the teams and the told battle's facts), its `result`
// (the answer, sentences and all) and the `rewards` and `level_ups` that repeated it. A finished turn-based battle:
// its whole engine state with its events in words, teams, engine version and odds where it kept them, and its pay
// in `rewards` and `level_ups`. Old logs are read as today's facts (the expires after a death added: frozen in
// migration-0024-no-old-records.ts) and records are encoded by this module's own frozen copy of the encoder. What
// stays live is by nature of the running code: a team is kept without the texts its content gives it again
// (storedHero, as the record's reader gives them back) and facts are kept only where the engine running would not
// play them again (tellAgain, turnRecord).
import { deflateRawSync } from 'node:zlib';
import type { Migration } from 'kysely';
import { ENGINE_VERSION, tellAgain } from '../../game/index.ts';
import { factOf, type EventFacts } from '../../game/battle/narration.ts';
import type { BattleState } from '../../game/index.ts';
import type { Hero, LevelUp, Rewards } from '../../game/types.ts';
import type { AnyDb, Dialect } from './db.ts';
import { heroOf, storedHero, turnRecord, type BattleRecord, type EndedBattle } from './battle-record.ts';
import { withExpiresAfterDeaths } from './migration-0024-no-old-records.ts';

/** The record's encoding as of 2026-11-26: its JSON, deflated. */
const encodeRecord = (r: BattleRecord): Buffer => deflateRawSync(JSON.stringify(r), { level: 9 });

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

function oldFightRecord(row: {
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
  const facts = withExpiresAfterDeaths(told.facts as never[], (fact) => fact as never) as EventFacts[];
  if (replay.engine_version === ENGINE_VERSION) {
    const again = tellAgain(told.seed, record.allies!.map(heroOf), record.enemies!.map(heroOf)).events;
    if (JSON.stringify(again.map(factOf)) === JSON.stringify(facts)) return record;
  }
  return { ...record, facts };
}

/** A finished turn-based battle as it was kept. */
interface OldEndedBattle extends Omit<EndedBattle, 'teams' | 'engine_version' | 'probability'> {
  teams?: EndedBattle['teams'];
  engine_version?: string;
  probability?: number;
}

function oldTurnRecord(row: {
  state: string;
  rewards: string | null;
  level_ups: string | null;
}): BattleRecord {
  const stored = JSON.parse(row.state) as OldEndedBattle;
  const e = stored.engine;
  const engine: BattleState = {
    ...e,
    events: withExpiresAfterDeaths(e.events, (fact) => ({ ...fact, description: '' }) as never),
  };
  const rewards = parse<Rewards>(row.rewards) ?? NOTHING;
  const levelUps = parse<LevelUp[]>(row.level_ups) ?? [];
  const probability = stored.probability ?? 0.5;
  if (stored.teams)
    return turnRecord(
      { ...stored, engine, teams: stored.teams, engine_version: stored.engine_version ?? '', probability },
      rewards,
      levelUps,
    );
  // Begun before teams were kept: its facts kept, nothing to play them again with.
  return {
    engine_version: stored.engine_version ?? '',
    seed: e.seed,
    choices: e.choices,
    ai: [e.ally_ai, e.enemy_ai],
    ...(e.auto && !e.choices.includes('auto') && { auto: true as const }),
    probability,
    rewards,
    level_ups: levelUps,
    ...(stored.dungeon && { dungeon: stored.dungeon }),
    facts: engine.events.map(factOf),
  };
}

/**
 * A fight resolved at once keeps one record (battle-record.ts): a `record` column, deflated JSON, and nothing in
 * `state`, `result`, `rewards` or `level_ups`. Rows from before are converted here: their teams kept without their
 * texts, their facts as today's core tells them
 * and kept only where the engine running does not play the same from the seed; rows from before replays were kept
 * keep no teams. A finished turn-based battle is converted the same way (its seed and choices, its facts kept only
 * where they would not play again); one still on keeps its engine state until it ends.
 */
export function battleRecord(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('battles')
        .addColumn('record', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
      for (let after = ''; ;) {
        const rows = await db
          .selectFrom('battles')
          .select(['id', 'status', 'state', 'result', 'rewards', 'level_ups'])
          .where('kind', '=', 'auto')
          .where('record', 'is', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows) {
          const record = oldFightRecord(row);
          await db
            .updateTable('battles')
            .set({
              record: encodeRecord(record),
              state: null,
              result: null,
              rewards: null,
              level_ups: null,
              team_hero_ids: '[]',
            })
            .where('id', '=', row.id)
            .execute();
        }
        after = rows.at(-1)!.id as string;
      }
      for (let after = ''; ;) {
        const rows = await db
          .selectFrom('battles')
          .select(['id', 'state', 'rewards', 'level_ups'])
          .where('kind', '=', 'turn_based')
          .where('status', 'in', ['won', 'lost', 'draw'])
          .where('state', 'is not', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows)
          await db
            .updateTable('battles')
            .set({ record: encodeRecord(oldTurnRecord(row)), state: null, rewards: null, level_ups: null })
            .where('id', '=', row.id)
            .execute();
        after = rows.at(-1)!.id as string;
      }
    },
  };
}
