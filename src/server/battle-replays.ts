// Every finished fight can be watched again (GET /api/battles/{id}/replay): the record is read from the battle's
// row — a turn-based battle keeps its whole engine state (seed, choices, facts) and its teams as they began; an
// auto fight (quick battle, arena, dungeon floor) keeps its teams and the seed and facts of the battle its story
// tells (fights.ts). Sentences are rendered again from the facts (src/game/battle/narration.ts), so a record
// stays small and reads the same under reworded texts.
import type { Selectable } from 'kysely';
import type { BattleReplay } from '../api/battles.ts';
import type { BattleResult } from '../api/common.ts';
import { attackNameOf } from '../game/content.ts';
import { narrate } from '../game/battle/narration.ts';
import type { Hero, LevelUp, Rewards } from '../game/types.ts';
import { conflict, MESSAGES, notFound } from './errors.ts';
import type { AutoBattleState } from './fights.ts';
import type { BattlesTable } from './store/tables.ts';
import type { StoredBattle } from './turn-based.ts';

export const NO_REPLAY = 'This fight was recorded before replays were kept';

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export function replayOf(row: Selectable<BattlesTable>): BattleReplay {
  if (row.status === 'expired' || row.state === null) throw notFound(MESSAGES.battleNotFound);
  const base = {
    battle_id: row.id,
    location_type: row.location_type,
    location: row.location,
    created_at: Number(row.created_at),
  };
  if (row.kind === 'turn_based') {
    if (row.status === 'active')
      throw conflict('This battle is still being fought: its replay comes when it ends');
    const stored = parse<StoredBattle>(row.state)!;
    if (!stored.teams || !stored.engine_version) throw notFound(NO_REPLAY);
    const engine = stored.engine;
    return {
      ...base,
      kind: 'turn_based',
      engine_version: stored.engine_version,
      seed: engine.seed,
      choices: engine.choices,
      allies: stored.teams.allies,
      enemies: stored.teams.enemies,
      events: engine.events,
      // A battle ended by starting another is a loss, though its engine never finished it.
      status: row.status === 'won' || row.status === 'draw' ? row.status : 'lost',
      rewards: parse<Rewards>(row.rewards),
      level_ups: parse<LevelUp[]>(row.level_ups) ?? [],
    };
  }
  const state = parse<AutoBattleState>(row.state)!;
  const result = parse<BattleResult>(row.result)!;
  if (!state.replay) throw notFound(NO_REPLAY);
  const { allies, enemies, told } = state.replay;
  const byId = new Map<string, Hero>([...allies, ...enemies].map((h) => [h.id, h]));
  const cast = {
    name: (id: string | undefined) => (id === undefined ? 'Someone' : (byId.get(id)?.name ?? 'Someone')),
    attack: (id: string | undefined) => {
      const h = id === undefined ? undefined : byId.get(id);
      return h ? attackNameOf(h) : '';
    },
  };
  return {
    ...base,
    kind: 'auto',
    engine_version: state.replay.engine_version,
    seed: told?.seed ?? null,
    choices: [],
    allies,
    enemies,
    events: (told?.facts ?? []).map((fact) => ({ ...fact, description: narrate(fact, cast) })),
    status: result.status === 'won' ? 'won' : 'lost',
    rewards: result.rewards ?? null,
    level_ups: result.level_ups ?? [],
  };
}
