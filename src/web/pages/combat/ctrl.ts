// /combat's controller: the query values, the result shown (the navigation
// state's, or read by battleId), a dungeon fight's run as it is now and the player's active run, the scene, and Back
// and Fight Again — the same kind of battle again through the same writes the other pages use (api/writes/):
// a duel (useArenaFight), a quick battle (useStartBattle), a dungeon run's next floor (useFightFloor: the button
// reads Next floor then) or, on a finished run, a new run of the same dungeon, found by its id (useEnterDungeon).
// View: ./index.tsx.
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { DungeonRun, OddsQuery } from '../../../api/index.ts';
import * as api from '../../api/client.ts';
import { queryKeys, useActiveRun, useDungeonRun, useDungeons, useOdds } from '../../api/hooks.ts';
import { useArenaFight, useEnterDungeon, useFightFloor, useStartBattle } from '../../api/writes/fights.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import {
  combatUrl,
  isWin,
  parseTeamHeroIds,
  safeReturnTo,
  type FightResult,
} from '../../api/battle-hooks.ts';
import { sceneTheme, type LocationType } from '../../components/battle-scene.ts';
import { NEW_RUN_TEXT, nextFloorText, runEndsText } from '../../components/dungeon-run.tsx';
import { rollFigures, rollText } from '../../components/format.ts';
import { useSignedInUser } from '../../session.ts';

export type Shown = FightResult & { run?: DungeonRun; clear_bonus?: boolean; gear_drop?: string | null };
export type CombatParams = ReturnType<typeof readParams>;

/** The query values, with their defaults. */
export function readParams(sp: URLSearchParams) {
  const lt = sp.get('locationType');
  return {
    battleId: sp.get('battleId') || null,
    location: sp.get('location') || 'Unknown',
    locationType: (lt === 'dungeon' || lt === 'arena' || lt === 'random' ? lt : 'random') as LocationType,
    returnTo: safeReturnTo(sp.get('returnTo')),
    dungeonRunId: sp.get('dungeonRunId') || null,
    dungeonId: sp.get('dungeonId') || null,
    attackerId: sp.get('attackerId') || null,
    opponentId: sp.get('opponentId') || null,
    teamHeroIds: parseTeamHeroIds(sp.get('teamHeroIds')),
  };
}

/** What Fight Again needs for its kind of battle; the refusal when it is missing, else null. */
export function fightAgainRefusal(p: CombatParams): string | null {
  if (p.locationType === 'dungeon' && !p.dungeonRunId) return 'No dungeon run ID provided';
  if (p.locationType === 'arena' && (!p.attackerId || !p.opponentId))
    return 'Missing arena battle parameters';
  if (p.locationType === 'random' && p.teamHeroIds.length === 0) return 'No team hero IDs provided';
  return null;
}

/**
 * The odds read of the fight Fight Again would fight (GET /api/odds): the team's next random encounter, the same duel,
 * the run's next floor, or floor 1 of a new run of the dungeon with the same team; null when it cannot be named.
 */
export function nextFightQuery(
  p: CombatParams,
  userId: string,
  run: DungeonRun | null,
  dungeonId: string | null,
): OddsQuery | null {
  if (fightAgainRefusal(p)) return null;
  if (p.locationType === 'arena')
    return { user_id: userId, kind: 'arena', hero_id: p.attackerId!, opponent_id: p.opponentId! };
  if (p.locationType === 'random') return { user_id: userId, kind: 'random', team: p.teamHeroIds.join(',') };
  if (run?.status === 'active') return { user_id: userId, kind: 'dungeon', run_id: run.id };
  const team = p.teamHeroIds.length ? p.teamHeroIds : (run?.team_hero_ids ?? []);
  if (!dungeonId || team.length === 0) return null;
  return { user_id: userId, kind: 'dungeon', dungeon_id: dungeonId, team: team.join(',') };
}

/** What Back leads to, for its caption. */
export function placeName(path: string): string {
  const first = path.split(/[?#]/)[0]!.split('/')[1] ?? '';
  const names: Record<string, string> = {
    dungeons: 'Dungeons',
    arena: 'the Arena',
    battle: 'Team Battle',
    heroes: 'Heroes',
    map: 'the map',
  };
  return names[first] ?? 'where you came from';
}

/** A fetched battle as a result: a quick result as is; a turn-based state by its status (odds unknown → 50). */
export function asResult(b: api.FetchedBattle): Shown {
  if (b.kind === 'turn_based')
    return {
      status: b.status,
      rewards: b.rewards ?? undefined,
      level_ups: b.level_ups,
      battle_id: b.battle_id,
      location: b.location,
    };
  return b;
}

export type CombatCtrl = ReturnType<typeof useCombatCtrl>;

export function useCombatCtrl() {
  const [sp] = useSearchParams();
  const p = readParams(sp);
  const navState = (useLocation().state ?? null) as { result?: Shown } | null;
  const stateResult = navState?.result ?? null;
  const navigate = useNavigate();
  const user = useSignedInUser();
  const isDungeon = p.locationType === 'dungeon';

  const seeded = p.battleId && stateResult?.battle_id === p.battleId ? stateResult : undefined;
  const fetched = useQuery({
    queryKey: [...queryKeys.battle(p.battleId ?? ''), 'result'],
    queryFn: async () => asResult(await api.getBattle(p.battleId!)),
    enabled: !!p.battleId && !seeded,
    initialData: seeded,
    staleTime: Infinity,
    retry: (n, err) => !api.isNotFound(err) && n < 1,
  });
  const result: Shown | null = p.battleId ? (fetched.data ?? null) : stateResult;
  // A dungeon fight's run as it is now (a stored result does not carry it; another tab may have fought on),
  // and the player's active run, which a new run would end.
  const runQuery = useDungeonRun(isDungeon ? p.dungeonRunId : null, user.id, result?.run);
  const run = runQuery.data ?? result?.run ?? null;
  const active = useActiveRun(user.id, isDungeon);
  const otherActive = active.data && active.data.id !== run?.id ? active.data : null;
  // The dungeon, by its id (the address names it; else the run does): its scene, and the dungeon a new run enters.
  const dungeonId = p.dungeonId ?? run?.dungeon_id ?? null;
  const dungeons = useDungeons(isDungeon);
  const theme = sceneTheme(
    p.locationType,
    p.location,
    isDungeon ? dungeons.data?.find((d) => d.id === dungeonId)?.theme : null,
  );

  const arena = useArenaFight(user.id);
  const quick = useStartBattle(user.id);
  const enter = useEnterDungeon(user.id);
  const floor = useFightFloor(user.id);
  const errors = useErrorLine([arena, quick, enter, floor]);
  const readingRun = isDungeon && !run && runQuery.isLoading;
  // Fight Again shows the next fight first — who, their levels, the chance and what a win pays — and fights only
  // on a second tap (Fight), so nobody is sent into a long shot unseen.
  const [nextShown, setNextShown] = useState(false);
  const nextOdds = useOdds(nextShown ? nextFightQuery(p, user.id, run, dungeonId) : null);

  /** A fight fought: its result screen takes this one's place. */
  const land = (url: string, next: Shown) => {
    floor.reset();
    setNextShown(false);
    navigate(url, { state: { result: next }, replace: true });
  };
  const dungeonUrl = (res: api.RunBattleResult, team: string[]) =>
    combatUrl({
      battleId: res.battle_id,
      location: res.location || p.location,
      locationType: 'dungeon',
      dungeonRunId: res.run.id,
      dungeonId: res.run.dungeon_id,
      teamHeroIds: team,
      returnTo: p.returnTo,
    });

  /** The next fight, fought (the second tap). */
  const fight = () => {
    const refusal = fightAgainRefusal(p);
    if (refusal) return errors.refuse(refusal);
    errors.clear();
    if (isDungeon && run?.status === 'active') {
      // The run's next floor. If it was fought meanwhile (another tab), the notice says so and the run shows as it is.
      const team = run.team_hero_ids;
      floor.mutate(run, {
        onSuccess: (next) => {
          if (next.movedOn === undefined) land(dungeonUrl(next.result, team), next.result);
        },
      });
    } else if (isDungeon) {
      // The run has ended (cleared, failed or replaced): a new run of the same dungeon, same team.
      const team = p.teamHeroIds.length ? p.teamHeroIds : (run?.team_hero_ids ?? []);
      if (!dungeonId || team.length === 0) return errors.refuse('No dungeon run ID provided');
      const tier = run?.tier ?? 1;
      enter.mutate({ dungeonId, team, tier }, { onSuccess: (res) => land(dungeonUrl(res, team), res) });
    } else if (p.locationType === 'arena') {
      const [attackerId, opponentId] = [p.attackerId!, p.opponentId!];
      arena.mutate(
        { attackerId, opponentId },
        {
          onSuccess: (res) =>
            land(
              combatUrl({
                battleId: res.battle_id,
                location: res.location || p.location,
                locationType: 'arena',
                attackerId,
                opponentId,
                returnTo: p.returnTo,
              }),
              res,
            ),
        },
      );
    } else {
      const team = p.teamHeroIds;
      quick.mutate(
        { team, mode: 'auto' },
        {
          onSuccess: (res) =>
            res.kind === 'turn_based'
              ? navigate(`/battle/${encodeURIComponent(res.battle_id)}`)
              : land(
                  combatUrl({
                    battleId: res.battle_id,
                    location: res.location || p.location,
                    locationType: 'random',
                    teamHeroIds: team,
                    returnTo: p.returnTo,
                  }),
                  res,
                ),
        },
      );
    }
  };

  const won = result ? isWin(result.status) : false;
  const figures = result ? rollFigures(result.probability, result.roll, won) : null;

  return {
    p,
    userId: user.id,
    theme,
    /** what replaces the screen with the Battle Error panel (a Fight Again refused or failed; no result) */
    battleError:
      errors.text ??
      (!p.battleId && !stateResult
        ? 'No battle data provided'
        : p.battleId && fetched.isError
          ? api.errorText(fetched.error, 'Failed to fetch battle result')
          : null),
    result,
    won,
    figures,
    /** Win Chance (whole percent), Roll Needed and You Rolled as shown */
    shownFigures: figures && [
      String(figures.chance),
      rollText(figures.needed, figures.decimals),
      rollText(figures.rolled, figures.decimals),
    ],
    run,
    notice: floor.data?.movedOn ?? null,
    dismissNotice: floor.reset,
    goBack: () => navigate(p.returnTo),
    backCaption:
      isDungeon && run?.status === 'active'
        ? `To ${placeName(p.returnTo)}: your run waits at floor ${run.floor} of ${run.floors}`
        : `To ${placeName(p.returnTo)}`,
    /** the repeat button's name: a dungeon run that goes on goes to its next floor, anything else is fought again */
    fightAgainLabel: isDungeon && run?.status === 'active' ? 'Next floor' : 'Fight Again',
    /** what Fight Again does, said under it, and what it also ends (the player's other active run) */
    fightAgainCaption: isDungeon
      ? readingRun
        ? { text: 'Reading your run…', ends: null }
        : run?.status === 'active'
          ? { text: nextFloorText(run), ends: null }
          : { text: NEW_RUN_TEXT, ends: otherActive ? runEndsText(otherActive) : null }
      : {
          text: p.locationType === 'arena' ? 'Same hero, same opponent' : 'Same team, a new quick battle',
          ends: null,
        },
    readingRun,
    fighting: arena.isPending || quick.isPending || enter.isPending || floor.isPending,
    /** Fight Again: the next fight shown (the page's own checks first), not yet fought. */
    fightAgain: () => {
      const refusal = fightAgainRefusal(p);
      if (refusal) return errors.refuse(refusal);
      errors.clear();
      floor.reset();
      // The run as it is now (another tab may have fought on): the next fight shown is the one Fight fights.
      if (isDungeon) {
        void runQuery.refetch();
        void active.refetch();
      }
      setNextShown(true);
    },
    /** the next fight, while it is shown: its odds, enemies and pay (computing until they are the fight's own) */
    next: nextShown ? nextOdds : null,
    /** what the next fight is, said over it */
    nextTitle: isDungeon
      ? run?.status === 'active'
        ? nextFloorText(run)
        : NEW_RUN_TEXT
      : p.locationType === 'arena'
        ? 'The same duel'
        : 'Your next random encounter',
    fight,
    closeNext: () => setNextShown(false),
  };
}
