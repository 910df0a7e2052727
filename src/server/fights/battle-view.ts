// A turn-based battle as the player sees it: the engine's view (src/game), the battle's id, where it is, what it has
// paid, and what its kind shows of it (kinds/: a dungeon floor says which) and added when it ended (a cleared
// dungeon's drop, a stage's first clear).
import type { BattleEvent, BattleState as BattleStateView } from '../../api/battles.ts';
import { viewBattle } from '../../game/index.ts';
import type { LevelUp, Rewards } from '../../game/types.ts';
import { turnKindOf } from './kinds/index.ts';
import type { OpenedBattle, StoredBattle } from './turn-battle-store.ts';

export const ABANDONED_TEXT = 'Abandoned when another battle was started: counted as a loss.';

export function stateView(
  id: string,
  stored: Pick<StoredBattle, 'engine' | 'dungeon' | 'campaign'>,
  extra: {
    location: string;
    newEvents: BattleEvent[];
    rewards: Rewards | null;
    levelUps: LevelUp[];
    /** the row's status, when it ended without the engine (abandoned for another battle) */
    rowStatus?: string;
    /** what the battle's kind added when it ended (its FightEnd's extra) */
    ending?: object;
  },
): BattleStateView {
  const view = viewBattle(stored.engine);
  if (view.status === 'active' && extra.rowStatus === 'lost') {
    view.status = 'lost';
    view.pending_options = [];
    view.current_actor_id = null;
    view.events = [...view.events, { turn: view.turn, kind: 'end', description: ABANDONED_TEXT }];
  }
  return {
    ...view,
    battle_id: id,
    kind: 'turn_based',
    new_events: extra.newEvents,
    location: extra.location,
    rewards: extra.rewards,
    level_ups: extra.levelUps,
    ...turnKindOf(stored).view?.(stored),
    ...extra.ending,
  };
}

/** A battle just opened as its opener answers it: its first view (paid, if over at once) and the battle it ended. */
export function openedView(o: OpenedBattle, location: string, shows?: object) {
  return {
    ...stateView(o.battleId, o.stored, {
      location,
      newEvents: o.events,
      rewards: o.payout.rewards,
      levelUps: o.payout.level_ups,
      ending: { ...shows, ...o.payout.extra },
    }),
    ended_battle: o.ended,
  };
}
