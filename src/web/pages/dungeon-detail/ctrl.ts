// /dungeons/{dungeonId}'s controller: the dungeon, the team picker, the fight shown inline and its run as it is now
// (another tab may have fought on), the player's active run here, the next floor's win chance, and the two fights —
// the tier chosen (./tiers.tsx) with its chance for the team the picker starts from, dungeon entry at that tier
// (api/writes/fights.ts useEnterDungeon, the one /dungeons and /combat use) and the run's next floor
// (useFightFloor: a long shot asks once first; a floor fought meanwhile elsewhere is a notice, not an error).
// View: ./index.tsx.
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { DungeonRun } from '../../../api/index.ts';
import { changedOdds, type RunBattleResult } from '../../api/client.ts';
import {
  useDungeon,
  useDungeonRun,
  useDungeonTiers,
  useMyHeroes,
  useOdds,
  useFieldedTeam,
} from '../../api/hooks.ts';
import { useEnterDungeon, useFightFloor } from '../../api/writes/fights.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { deepestOpenTier, useDungeonPicker } from '../../components/dungeon-run.tsx';
import { chanceBeforeFight, useLongShot } from '../../components/win-chance.tsx';
import { saveActiveTeam, useSignedInUser } from '../../session.ts';

export function useDungeonDetailCtrl() {
  const { dungeonId = '' } = useParams();
  const user = useSignedInUser();
  const client = useQueryClient();
  const dungeon = useDungeon(dungeonId);
  const [picking, setPicking] = useState(false);
  const { active, picker } = useDungeonPicker(user.id, picking);
  const enter = useEnterDungeon(user.id);
  const floor = useFightFloor(user.id);
  const errors = useErrorLine([enter, floor]);
  // The fight shown inline: the latest answer of either fight (a floor fought elsewhere leaves it as it was).
  const [result, setResult] = useState<RunBattleResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The run of the result shown, as it is now (another tab may have fought on).
  const shownRun = useDungeonRun(result?.run.id, user.id, result?.run);
  const runNow = result ? (shownRun.data ?? result.run) : null;
  const activeHere = active.data?.dungeon_id === dungeonId ? active.data : null;
  // The run this page can fight on, and its next floor's win chance (the number that fight will state).
  const fightable = runNow ? (runNow.status === 'active' ? runNow : null) : activeHere;
  const nextOdds = useOdds(fightable ? { user_id: user.id, kind: 'dungeon', run_id: fightable.id } : null);
  const longShot = useLongShot();
  // The tier Enter Dungeon fights: the one chosen, else the deepest the player has opened.
  const tiers = useDungeonTiers(user.id);
  const mine = tiers.data?.get(dungeonId);
  const [chosenTier, chooseTier] = useState<number | null>(null);
  const tier = chosenTier ?? deepestOpenTier(mine);
  // Its first floor for the team the picker starts from (the last one, else the strongest four), before the run
  // starts (the picker shows the team picked).
  const heroes = useMyHeroes(user.id);
  const startTeam = useFieldedTeam(user.id, null, heroes.data).team;
  const tierOdds = useOdds(
    startTeam.length > 0 && !picking
      ? { user_id: user.id, kind: 'dungeon', dungeon_id: dungeonId, team: startTeam.join(','), tier }
      : null,
  );

  const show = (res: RunBattleResult) => {
    setResult(res);
    requestAnimationFrame(() => resultRef.current?.scrollIntoView({ block: 'start' }));
  };
  /** Starting again drops the last error and the last notice. */
  const startAfresh = () => {
    errors.clear();
    floor.reset();
  };
  const fightNow = (run: DungeonRun) => {
    startAfresh();
    floor.mutate(run, {
      onSuccess: (next) => {
        if (next.movedOn === undefined) show(next.result);
      },
    });
  };

  return {
    userId: user.id,
    dungeon,
    error: errors.text,
    dismissError: errors.clear,
    /** the text of a floor fought meanwhile elsewhere (the run is shown as it now is) */
    notice: floor.data?.movedOn ?? null,
    dismissNotice: floor.reset,
    result,
    resultRef,
    runNow,
    activeHere,
    nextOdds,
    longShot,
    /** which fight is under way: a new run's first floor, or the run's next floor */
    entering: enter.isPending ? ('enter' as const) : floor.isPending ? ('fight' as const) : null,
    /** the player's tiers of this dungeon (undefined while unread), the one chosen, and its chance for the team */
    mine,
    tier,
    chooseTier,
    tierOdds: startTeam.length > 0 ? tierOdds : null,
    picking,
    openPicker: () => {
      void active.refetch();
      setPicking(true);
    },
    stopPicking: () => setPicking(false),
    picker,
    enter: (team: string[]) => {
      setPicking(false);
      startAfresh();
      saveActiveTeam(user.id, team);
      enter.mutate(
        { dungeonId, team, tier },
        {
          onSuccess: show,
          // The first floor's chance changed since the picker showed it: the picker shows the new one, and says so.
          onError: (err) => {
            if (changedOdds(err)) setPicking(true);
          },
        },
      );
    },
    /** The run's next floor, from wherever the run was started; a long shot asks once first. */
    fightOn: async (run: DungeonRun) => {
      const chance = await chanceBeforeFight(client, { user_id: user.id, kind: 'dungeon', run_id: run.id });
      longShot.check(chance, () => fightNow(run));
    },
  };
}
