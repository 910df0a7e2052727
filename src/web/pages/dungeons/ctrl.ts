// /dungeons' controller: the dungeon list, the player's active run (its card offers to continue it), the dungeon
// whose team picker is open, and dungeon entry (api/mutations.ts useEnterDungeon: start a run, fight its first
// floor → /combat) with the error line. View: ./index.tsx.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Dungeon } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { useActiveRun, useDungeons, useMyHeroes } from '../../api/hooks.ts';
import { useEnterDungeon } from '../../api/mutations.ts';
import { combatUrl } from '../../api/battle-hooks.ts';
import { runEndsText } from '../../components/dungeon-run.tsx';
import { loadActiveTeam, saveActiveTeam, useSignedInUser } from '../../session.ts';

export function useDungeonsCtrl() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const dungeons = useDungeons();
  const [picking, setPicking] = useState<Dungeon | null>(null);
  const heroes = useMyHeroes(picking ? user.id : undefined);
  const active = useActiveRun(user.id);
  const enter = useEnterDungeon(user.id);

  return {
    userId: user.id,
    dungeons,
    /** the dungeon being entered, if one is (every Enter Dungeon waits meanwhile) */
    entering: enter.isPending ? enter.variables.dungeonId : null,
    /** the player's active run, when it is in this dungeon: it continues on the detail page */
    runIn: (dungeon: Dungeon) => (active.data?.dungeon_id === dungeon.id ? active.data : null),
    error: enter.failure,
    dismissError: enter.reset,
    picking,
    pick: (dungeon: Dungeon) => {
      void active.refetch();
      setPicking(dungeon);
    },
    stopPicking: () => setPicking(null),
    picker: {
      heroes: heroes.data,
      loading: heroes.isPending,
      loadError: heroes.isError ? errorText(heroes.error, 'Failed to fetch heroes') : null,
      initial: loadActiveTeam(user.id),
      warning: active.data ? runEndsText(active.data) : null,
    },
    enter: (dungeon: Dungeon, team: string[]) => {
      setPicking(null);
      saveActiveTeam(user.id, team);
      enter.mutate(
        { dungeonId: dungeon.id, team },
        {
          onSuccess: (res) =>
            navigate(
              combatUrl({
                battleId: res.battle_id,
                location: dungeon.name,
                locationType: 'dungeon',
                dungeonRunId: res.run.id,
                dungeonId: dungeon.id,
                teamHeroIds: team,
                returnTo: '/dungeons',
              }),
              { state: { result: res } },
            ),
        },
      );
    },
  };
}
