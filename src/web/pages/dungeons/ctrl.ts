// /dungeons' controller: the dungeon list (with the campaign's order of opening them: components/unlock-order.tsx),
// the player's active run (its card offers to continue it), the dungeon
// whose team picker is open, and dungeon entry (api/writes/fights.ts useEnterDungeon: start a run, fight its first
// floor → /combat, at the deepest tier the player has opened) with the error line. View: ./index.tsx.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Dungeon } from '../../../api/index.ts';
import { useDungeons, useDungeonTiers } from '../../api/hooks.ts';
import { useEnterDungeon } from '../../api/writes/fights.ts';
import { combatUrl } from '../../api/battle-hooks.ts';
import { changedOdds } from '../../api/client.ts';
import { deepestOpenTier, useDungeonPicker } from '../../components/dungeon-run.tsx';
import { useUnlocks } from '../../components/unlock-order.tsx';
import { saveActiveTeam, useSignedInUser } from '../../session.ts';

export function useDungeonsCtrl() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const dungeons = useDungeons();
  const [picking, setPicking] = useState<Dungeon | null>(null);
  const { active, picker } = useDungeonPicker(user.id, picking !== null);
  const enter = useEnterDungeon(user.id);
  const unlocks = useUnlocks(user.id);
  const tiers = useDungeonTiers(user.id);
  /** Entered from the list, a dungeon is fought at the deepest tier the player has opened (its page chooses). */
  const tierOf = (dungeon: Dungeon) => deepestOpenTier(tiers.data?.get(dungeon.id));

  return {
    userId: user.id,
    dungeons,
    /** the campaign's opening order (GET /api/campaign `unlocks`); undefined while unread: nothing extra shows */
    unlocks,
    /** the dungeon being entered, if one is (every Enter Dungeon waits meanwhile) */
    entering: enter.isPending ? enter.variables.dungeonId : null,
    /** the player's active run, when it is in this dungeon: it continues on the detail page */
    runIn: (dungeon: Dungeon) => (active.data?.dungeon_id === dungeon.id ? active.data : null),
    tierOf,
    error: enter.failure,
    dismissError: enter.reset,
    picking,
    pick: (dungeon: Dungeon) => {
      void active.refetch();
      setPicking(dungeon);
    },
    stopPicking: () => setPicking(null),
    picker,
    enter: (dungeon: Dungeon, team: string[]) => {
      setPicking(null);
      saveActiveTeam(user.id, team);
      enter.mutate(
        { dungeonId: dungeon.id, team, tier: tierOf(dungeon) },
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
          // The first floor's chance changed since the picker showed it: the picker shows the new one, and says so.
          onError: (err) => {
            if (changedOdds(err)) setPicking(dungeon);
          },
        },
      );
    },
  };
}
