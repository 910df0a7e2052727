// /battle's controller: the player's heroes and the battle already in play, the team (remembered per user,
// session.ts; at first the strongest four), its next encounter and win chance, and the two ways to fight it — Fight
// (turn-based → /battle/{id}) and Quick Battle (resolved at once → /combat), both through api/writes/fights.ts
// useStartBattle after the odds are read and a long shot has asked once. View: ./index.tsx.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEAM_RULES } from '../../../api/rules.ts';
import { useFieldedTeam, useMyHeroes, useOdds } from '../../api/hooks.ts';
import { useBattleInPlay } from '../../components/battle-in-play.tsx';
import { useErrorLine } from '../../api/writes/core.ts';
import { useStartBattle } from '../../api/writes/fights.ts';
import { combatUrl } from '../../api/battle-hooks.ts';
import { toggleTeamMember } from '../../components/team-picker.tsx';
import { chanceBeforeFight, useLongShot } from '../../components/win-chance.tsx';
import { saveActiveTeam, useSignedInUser } from '../../session.ts';

type Mode = 'turn_based' | 'auto';
/** The button a start belongs to: Fight (turn-based) or Quick Battle (auto). */
const buttonOf = (mode: Mode): 'fight' | 'quick' => (mode === 'auto' ? 'quick' : 'fight');

export function useBattleCtrl() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const heroes = useMyHeroes(user.id);
  const inPlay = useBattleInPlay(user.id);
  const [picked, setPicked] = useState<string[] | null>(null);
  // Reading the fight's odds before it starts (the button is busy already).
  const [checking, setChecking] = useState<Mode | null>(null);
  const start = useStartBattle(user.id);
  const errors = useErrorLine([start]);
  const longShot = useLongShot();

  const fielded = useFieldedTeam(user.id, picked, heroes.data);
  const team = fielded.team;
  // The next encounter for this team: the server's draw, fought by the next battle whichever button starts it.
  const oddsQuery =
    team.length > 0 ? { user_id: user.id, kind: 'random' as const, team: team.join(',') } : null;
  const odds = useOdds(oddsQuery);
  const starting = checking ?? (start.isPending ? start.variables.mode : null);

  const begin = (mode: Mode) => {
    saveActiveTeam(user.id, team);
    start.mutate(
      { team, mode },
      {
        onSuccess: (battle) =>
          battle.kind === 'turn_based'
            ? navigate(`/battle/${encodeURIComponent(battle.battle_id)}`, {
                state: battle.ended_battle ? { endedBattle: battle.ended_battle } : null,
              })
            : navigate(
                combatUrl({
                  battleId: battle.battle_id,
                  location: battle.location || 'Unknown',
                  locationType: 'random',
                  teamHeroIds: team,
                  returnTo: '/battle',
                }),
                { state: { result: battle } },
              ),
      },
    );
  };

  return {
    heroes,
    /** the team to start from is still being read (a new player's strongest four): the cards wait for it */
    readingTeam: fielded.reading,
    inPlay,
    team,
    toggle: (heroId: string) => {
      const next = toggleTeamMember(team, heroId);
      setPicked(next);
      errors.clear();
      longShot.dismiss();
      saveActiveTeam(user.id, next);
    },
    oddsQuery,
    odds,
    longShot,
    error: errors.text,
    dismissError: errors.clear,
    /** which button's battle is starting, if one is */
    busy: starting ? buttonOf(starting) : null,
    start: async (mode: Mode) => {
      if (team.length === 0 || !oddsQuery) return errors.refuse(TEAM_RULES.battleEmpty);
      errors.clear();
      setChecking(mode);
      const chance = await chanceBeforeFight(client, oddsQuery);
      setChecking(null);
      longShot.check(chance, () => begin(mode));
    },
  };
}
