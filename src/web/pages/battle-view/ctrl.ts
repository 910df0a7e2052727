// /battle/{battleId}'s controller: the polled battle (api/battle-hooks.ts), its playback and speed
// (components/battle-playback.ts), actions sent through api/writes/fights.ts useBattleAction (an option, aimed or not, or
// Auto on/off; sending first ends any playback, so input never waits), the unit aimed at for this decision, what the
// player tapped to read about, the notice of a battle this one ended, and the one after-fight refresh once the result
// shows. `board` is what the battlefield shows, derived from the state (null until there is one). View: ./index.tsx.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BattleState } from '../../../api/index.ts';
import { combatUrl, isTurnBased, useBattleState } from '../../api/battle-hooks.ts';
import { useDungeon } from '../../api/hooks.ts';
import { afterFight, useBattleAction } from '../../api/writes/fights.ts';
import { useBattlePlayback, useBattleSpeed, type PlaybackFrame } from '../../components/battle-playback.ts';
import { sameExplained, type Explained } from '../../components/battle-explain.tsx';
import type { Aiming } from '../../components/battle-side.tsx';
import { sceneTheme } from '../../components/battle-scene.ts';
import { useSignedInUser } from '../../session.ts';

type Action = { option_id?: string; target_id?: string; auto?: boolean };
type Aim = { turn: number; unitId: string };

/**
 * What the battlefield shows for a state, at this frame of its playback, with the player's aim; a dungeon floor's
 * battle stands in its dungeon's scene (`dungeonTheme`, once read).
 */
function boardOf(
  state: BattleState,
  frame: PlaybackFrame,
  playing: boolean,
  aimAt: Aim | null,
  dungeonTheme?: string,
) {
  const units = [...state.allies, ...state.enemies];
  const actorId = frame.playing ? frame.actorId : state.current_actor_id;
  const actor = units.find((u) => u.id === actorId) ?? null;
  const canChoose =
    state.status === 'active' &&
    state.pending_options.length > 0 &&
    !!actor?.is_ally &&
    !state.auto &&
    !playing;
  // Aiming: tap a unit, then an option that can reach it; an option that cannot keeps its own target.
  const aimable = new Set(canChoose ? state.pending_options.flatMap((o) => o.targets) : []);
  const aim = aimAt && aimAt.turn === state.turn && aimable.has(aimAt.unitId) ? aimAt.unitId : null;

  let turnLabel: string;
  let turnTone: 'ally' | 'enemy' | 'neutral' = 'neutral';
  if (state.status !== 'active' && !playing) turnLabel = 'Battle over';
  else if (actor && !actor.is_ally) {
    turnLabel = 'Enemy turn';
    turnTone = 'enemy';
  } else if (actor) {
    turnLabel = state.auto ? `Auto: ${actor.name}` : `Your turn: ${actor.name}`;
    turnTone = 'ally';
  } else turnLabel = 'Waiting...';

  return {
    state,
    units,
    actorId,
    actor,
    canChoose,
    aimable,
    aim,
    aimedUnit: aim ? units.find((u) => u.id === aim) : undefined,
    showResult: state.status !== 'active' && !playing,
    // The turn the playback stands at: the newest state's turn would tell how long the battle runs before it is
    // shown (under Auto the whole rest of a battle comes at once, and the counter jumped to its last turn).
    turn: frame.playing
      ? (frame.shownEvents.at(-1)?.turn ??
        state.events[frame.logBase - 1]?.turn ??
        state.events[frame.logBase]?.turn ??
        state.turn)
      : state.turn,
    logEvents: frame.playing ? [...state.events.slice(0, frame.logBase), ...frame.shownEvents] : state.events,
    theme: state.dungeon
      ? sceneTheme('dungeon', state.location, dungeonTheme)
      : sceneTheme(state.location.toLowerCase().includes('arena') ? 'arena' : 'random', state.location),
    turnLabel,
    turnTone,
  };
}
export type Board = ReturnType<typeof boardOf>;

export function useBattleViewCtrl() {
  const { battleId = '' } = useParams();
  const user = useSignedInUser();
  const client = useQueryClient();
  const query = useBattleState(battleId);
  const state = isTurnBased(query.data) ? query.data : undefined;
  const [speed, setSpeed] = useBattleSpeed();
  const { frame, skip, playing } = useBattlePlayback(state, speed);
  const act = useBattleAction(user.id, battleId);
  // Set by /battle when starting this battle ended the one that was in play (one at a time, as a loss).
  const endedBattle = (useLocation().state as { endedBattle?: { location: string } } | null)?.endedBattle;
  const [endedSeen, setEndedSeen] = useState(false);
  /** The unit the player aims at for this decision (null: each option's preselected target). */
  const [aimAt, setAimAt] = useState<Aim | null>(null);
  /** What the player tapped to read about (a status, an option's action, a unit): shown until closed or tapped again. */
  const [explained, setExplained] = useState<Explained | null>(null);
  const toggleExplained = useCallback(
    (what: Explained) => setExplained((e) => (sameExplained(e, what) ? null : what)),
    [],
  );
  const explain = useCallback(
    (unitId: string, statusId: string) => toggleExplained({ kind: 'status', unitId, statusId }),
    [toggleExplained],
  );
  const explainUnit = useCallback(
    (unitId: string) => toggleExplained({ kind: 'unit', unitId }),
    [toggleExplained],
  );

  // Rewards were paid when the battle ended: the after-fight refresh, once — when the result shows, not while the
  // battle still plays back (the header must not tell the ending first).
  const over = state ? state.status !== 'active' && !playing : false;
  const refreshed = useRef(false);
  useEffect(() => {
    if (over && !refreshed.current) {
      refreshed.current = true;
      afterFight(client, user.id);
    }
  }, [over, user.id, client]);

  const dungeon = useDungeon(state?.dungeon?.dungeon_id);
  const board = state ? boardOf(state, frame, playing, aimAt, dungeon.data?.theme) : null;
  const aiming: Aiming | null = board && {
    aimable: board.aimable,
    aim: board.aim,
    onAim: (unitId) =>
      setAimAt((a) =>
        a?.turn === board.state.turn && a.unitId === unitId ? null : { turn: board.state.turn, unitId },
      ),
  };

  // A battle resolved at once (Quick Battle) has a result, not a battlefield: it shows on the result screen.
  const quick = query.data?.kind === 'auto' ? query.data : null;

  return {
    userId: user.id,
    query,
    resolved: quick && {
      url: combatUrl({
        battleId: quick.battle_id,
        location: quick.location || 'Unknown',
        locationType: quick.location_type,
        returnTo: '/battle',
      }),
      result: quick,
    },
    board,
    frame,
    /** What both sides show alike: the playback's frame, who acts, aiming and explaining. */
    stage: board &&
      aiming && { frame, actorId: board.actorId, aiming, onExplain: explain, onExplainUnit: explainUnit },
    speed,
    setSpeed,
    skip,
    endedNotice: endedBattle && !endedSeen ? endedBattle.location : null,
    dismissEnded: () => setEndedSeen(true),
    /** the control whose action is being sent (every control waits meanwhile) */
    sending: act.isPending ? act.variables.key : null,
    send: (action: Action, key: string) => {
      // The forfeited battle's notice is read by the first choice of this one: it would stand beside this
      // battle's own result otherwise, and say 'a loss' over a victory.
      setEndedSeen(true);
      skip();
      act.mutate({ action, key });
    },
    actionError: act.failure,
    dismissActionError: act.reset,
    explained,
    toggleExplained,
    closeExplained: () => setExplained(null),
  };
}
export type BattleViewCtrl = ReturnType<typeof useBattleViewCtrl>;
