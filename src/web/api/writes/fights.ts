// The fights' writes: quick battle, arena duel, dungeon entry and floor, campaign stage and a turn-based battle's
// actions. Each names the chance its page shows (shownFight) and refreshes through afterFight, the one after-fight
// refresh (a turn-based battle's end too, once its playback has shown the result: pages/battle-view/ctrl.ts).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from '../client.ts';
import { queryKeys, refreshUser, showChangedOdds, shownOdds } from '../hooks.ts';
import type { DungeonRun, OddsQuery, User } from '../../../api/index.ts';
import { failing, useWrite } from './core.ts';

/**
 * A fight sent with the key of the chance its page shows — the cached answer of the fight's odds read (`query`, as
 * the page reads it), none if nothing is shown. One that changed since (another device fought, a hero levelled) is
 * refused with the new chance and fights nothing: that chance is shown in place of the old one with what the refusal
 * says (WinChance), so the next tap fights at the chance on screen. Also shown under `alsoFor` (the same fight read
 * another way: a new run's first floor by its run).
 */
async function shownFight<T>(
  client: QueryClient,
  query: OddsQuery,
  fight: (oddsKey: string | undefined) => Promise<T>,
  alsoFor: () => OddsQuery | null = () => null,
): Promise<T> {
  try {
    return await fight(shownOdds(client, query)?.key);
  } catch (err) {
    const now = api.changedOdds(err);
    if (now) {
      showChangedOdds(client, query, now);
      const other = alsoFor();
      if (other) showChangedOdds(client, other, now);
    }
    throw err;
  }
}

/**
 * Every odds read forgotten, not merely marked old: a fight changes what the next one is (its heroes' xp and levels,
 * the random encounter, the run's floor, the repeat-win rule), so no number read before it may show after it — the
 * pages show 'computing…' until the read for the fight as it now is answers.
 */
export function forgetOdds(client: QueryClient): void {
  void client.resetQueries({ queryKey: ['odds'] });
}

/**
 * The one refresh after any fight (quick battle, arena, dungeon floor, a turn-based battle's end): the player's
 * balances from the answer and then the server, the fight's run remembered as it now is (so no older read is shown
 * after it), every odds read forgotten, and every cached list the fight may have changed dropped — the player's fair
 * matches too, so the server answers the set again with each chance as it now is (one no longer fair replaced).
 */
export function afterFight(
  client: QueryClient,
  userId: string,
  answer: { user?: User | null; run?: DungeonRun } = {},
): void {
  if (answer.run) client.setQueryData(queryKeys.run(answer.run.id), answer.run);
  void refreshUser(userId, answer.user ?? null);
  forgetOdds(client);
  void client.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return (
        key === 'heroes' ||
        key === 'hero' ||
        key === 'dungeon-run' ||
        key === 'battle-history' ||
        (key === 'ledger' && query.queryKey[1] === userId) ||
        key === 'leaderboard' ||
        key === 'browse' ||
        key === 'npcs' ||
        (key === 'inventory' && query.queryKey[1] === userId) ||
        (key === 'fair-matches' && query.queryKey[1] === userId)
      );
    },
  });
}

/** A campaign stage fought (turn by turn or at once): as a team battle's start, then the campaign read anew. */
export function useFightStage(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({
        stageId,
        team,
        mode,
      }: {
        stageId: string;
        team: string[];
        mode: 'turn_based' | 'auto';
      }) =>
        shownFight(
          client,
          { user_id: userId, kind: 'campaign', stage_id: stageId, team: team.join(',') },
          (oddsKey) => api.fightStage(userId, stageId, team, mode, oddsKey),
        ),
      onSuccess: (battle) => {
        void client.invalidateQueries({ queryKey: queryKeys.campaign(userId) });
        if (battle.kind !== 'turn_based') return afterFight(client, userId, battle);
        forgetOdds(client);
        client.setQueryData(queryKeys.battle(battle.battle_id), battle);
        void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
      },
    },
    (err) => api.errorText(err, 'Failed to start the fight'),
  );
}
// --- Fights --------------------------------------------------------------------------------------------------

/**
 * Fight (turn-based: the battle opens on /battle/{id}) or Quick Battle (resolved at once: a fight). Either way the
 * encounter was fought, so the server has drawn the next one.
 */
export function useStartBattle(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({ team, mode }: { team: string[]; mode: 'turn_based' | 'auto' }) =>
        shownFight(client, { user_id: userId, kind: 'random', team: team.join(',') }, (oddsKey) =>
          api.createBattle(userId, team, mode, oddsKey),
        ),
      onSuccess: (battle) => {
        if (battle.kind !== 'turn_based') return afterFight(client, userId, battle);
        forgetOdds(client);
        client.setQueryData(queryKeys.battle(battle.battle_id), battle);
        void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
      },
    },
    (err, { mode }) =>
      api.errorText(err, mode === 'auto' ? 'Failed to start battle' : 'Failed to create battle'),
  );
}

/**
 * An action in a turn-based battle (an option, or Auto on/off; `key` names the control that sent it). Its answer
 * replaces the state; a poll that began before it would bring back the older state, so polls in flight are
 * dropped. After a refusal the battle is read again: it may have moved on (another tab, a poll in flight).
 */
export function useBattleAction(userId: string, battleId: string) {
  const client = useQueryClient();
  const key = queryKeys.battle(battleId);
  return useWrite(
    {
      mutationFn: async ({
        action,
      }: {
        action: { option_id?: string; target_id?: string; auto?: boolean };
        key: string;
      }) => {
        await client.cancelQueries({ queryKey: key });
        const next = await api.submitBattleAction(battleId, action, userId);
        await client.cancelQueries({ queryKey: key });
        client.setQueryData(key, next);
        return next;
      },
      onError: () => void client.refetchQueries({ queryKey: key, exact: true }),
    },
    failing('Failed to submit action'),
  );
}

/** Arena Fight! (and /combat's Fight Again of a duel). */
export function useArenaFight(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: ({ attackerId, opponentId }: { attackerId: string; opponentId: string }) =>
        shownFight(
          client,
          { user_id: userId, kind: 'arena', hero_id: attackerId, opponent_id: opponentId },
          (oddsKey) => api.arenaBattle(userId, attackerId, opponentId, oddsKey),
        ),
      onSuccess: (res) => afterFight(client, userId, res),
    },
    failing('Failed to start arena battle'),
  );
}

/** A dungeon step's failure already carries its text (which step failed: starting the run or its battle). */
const stepFailure = (fallback: string) => (err: Error) => err.message || fallback;

/**
 * Dungeon entry, from the list, the detail page and /combat alike: start a run of the dungeon (abandoning
 * any active one), then fight its first floor.
 */
export function useEnterDungeon(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async ({ dungeonId, team, tier }: { dungeonId: string; team: string[]; tier: number }) => {
        let runId: string;
        try {
          runId = (await api.startDungeon(dungeonId, userId, team, tier)).id;
        } catch (err) {
          throw new Error(api.errorText(err, 'Failed to start dungeon'));
        }
        try {
          // Floor 1 of the run is the fight the picker showed (the same key), and now also its run's next floor.
          return await shownFight(
            client,
            { user_id: userId, kind: 'dungeon', dungeon_id: dungeonId, team: team.join(','), tier },
            (oddsKey) => api.fightDungeonRun(runId, userId, 1, oddsKey),
            () => ({ user_id: userId, kind: 'dungeon', run_id: runId }),
          );
        } catch (err) {
          if (api.changedOdds(err)) throw err;
          throw new Error(api.errorText(err, 'Failed to start dungeon battle'));
        }
      },
      onSuccess: (res) => afterFight(client, userId, res),
      // A run started whose first floor was not fought (its chance changed): the pages show it under way.
      onError: (err) => {
        if (api.changedOdds(err)) void client.invalidateQueries({ queryKey: queryKeys.activeRun(userId) });
      },
    },
    stepFailure('Failed to start dungeon'),
  );
}

/** A run's next floor fought, or the notice that the run moved on elsewhere (a 409: another tab, a double tap). */
type NextFloor<T> = { fought: T; movedOn?: undefined } | { movedOn: string };

/** Fights the run's next floor by `fight` (handed the odds key it was shown); a 409 comes back as `movedOn`. */
async function fightNextFloor<T>(
  client: QueryClient,
  userId: string,
  run: DungeonRun,
  fight: (oddsKey: string | undefined) => Promise<T>,
): Promise<NextFloor<T>> {
  try {
    return { fought: await shownFight(client, { user_id: userId, kind: 'dungeon', run_id: run.id }, fight) };
  } catch (err) {
    if (api.changedOdds(err)) throw err;
    if (err instanceof api.ApiError && err.status === 409)
      return { movedOn: api.errorText(err, 'This floor has already been fought') };
    throw new Error(api.errorText(err, 'Failed to start dungeon battle'));
  }
}

/** The run is elsewhere now: it and the active run are read again, and the next floor's odds read before forgotten. */
async function runMovedOn(client: QueryClient, userId: string, run: DungeonRun): Promise<void> {
  forgetOdds(client);
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.run(run.id) }),
    client.invalidateQueries({ queryKey: queryKeys.activeRun(userId) }),
  ]);
}

/**
 * A run's next floor fought turn by turn (the boss, as the dungeon pages offer it): the battle opens on
 * /battle/{id}, its state already in the cache. A floor fought meanwhile elsewhere is a notice (`movedOn`), as for
 * useFightFloor. Like any new turn-based battle it ends the player's other one.
 */
export function useFloorTurnByTurn(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (
        run: DungeonRun,
      ): Promise<{ battle: api.StartedFloorBattle; movedOn?: undefined } | { movedOn: string }> => {
        const next = await fightNextFloor(client, userId, run, (oddsKey) =>
          api.fightFloorTurnByTurn(run.id, userId, run.floor, oddsKey),
        );
        return next.movedOn === undefined ? { battle: next.fought } : next;
      },
      onSuccess: async (next, run) => {
        if (next.movedOn !== undefined) return runMovedOn(client, userId, run);
        client.setQueryData(queryKeys.battle(next.battle.battle_id), next.battle);
        void client.invalidateQueries({ queryKey: queryKeys.activeBattle(userId) });
      },
    },
    stepFailure('Failed to start dungeon battle'),
  );
}

/**
 * A run's next floor, named. A 409 means the run moved on elsewhere (another tab fought the floor, a double tap, a
 * new run ended it): its text comes back as `movedOn` and the run and the active run are read again.
 */
export function useFightFloor(userId: string) {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (
        run: DungeonRun,
      ): Promise<{ result: api.RunBattleResult; movedOn?: undefined } | { movedOn: string }> => {
        const next = await fightNextFloor(client, userId, run, (oddsKey) =>
          api.fightDungeonRun(run.id, userId, run.floor, oddsKey),
        );
        return next.movedOn === undefined ? { result: next.fought } : next;
      },
      onSuccess: async (next, run) => {
        if (next.movedOn !== undefined) return runMovedOn(client, userId, run);
        return afterFight(client, userId, next.result);
      },
    },
    stepFailure('Failed to start dungeon battle'),
  );
}
