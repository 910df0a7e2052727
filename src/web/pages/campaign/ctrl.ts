// /campaign's controller: the campaign as the player stands in it (GET /api/campaign), the stage shown (the next one
// unless another is picked), the team (remembered per user, session.ts, as /battle's; at first the strongest four),
// the stage's win chance for it and what each way pays (GET /api/odds?kind=campaign), the turn-based battle in play
// (Fight would end it), and the two ways to fight — Fight (turn by turn → /battle/{id}) and Quick Battle (resolved
// at once: its result shown here). View: ./index.tsx.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreatedBattle } from '../../api/client.ts';
import { useCampaign, useMyHeroes, useOdds } from '../../api/hooks.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { useFightStage } from '../../api/writes/fights.ts';
import { useBattleInPlay } from '../../components/battle-in-play.tsx';
import { toggleTeamMember } from '../../components/team-picker.tsx';
import { fieldedTeam, saveActiveTeam, useSignedInUser } from '../../session.ts';

export type QuickResult = Extract<CreatedBattle, { kind: 'auto' }>;

export function useCampaignCtrl() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const campaign = useCampaign(user.id);
  const heroes = useMyHeroes(user.id);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [chosenStage, setChosenStage] = useState<string | null>(null);
  const [result, setResult] = useState<QuickResult | null>(null);
  const inPlay = useBattleInPlay(user.id);
  const fight = useFightStage(user.id);
  const errors = useErrorLine([fight]);

  const stages = campaign.data?.chapters.flatMap((c) => c.stages) ?? [];
  const stageId = chosenStage ?? campaign.data?.next_stage_id ?? stages[stages.length - 1]?.id ?? null;
  const stage = stages.find((s) => s.id === stageId) ?? null;
  const chapter = campaign.data?.chapters.find((c) => c.id === stage?.chapter) ?? null;

  const owned = new Set((heroes.data ?? []).map((h) => h.id));
  const team = fieldedTeam(picked, user.id, owned, campaign.data?.strongest_team);
  const fightable = stage !== null && stage.status !== 'locked';
  const oddsQuery =
    fightable && team.length > 0
      ? { user_id: user.id, kind: 'campaign' as const, stage_id: stage.id, team: team.join(',') }
      : null;
  const odds = useOdds(oddsQuery);

  const begin = (mode: 'turn_based' | 'auto') => {
    if (!stage) return;
    saveActiveTeam(user.id, team);
    setResult(null);
    // The stage fought stays shown with its result (a first clear moves the next stage on).
    setChosenStage(stage.id);
    fight.mutate(
      { stageId: stage.id, team, mode },
      {
        onSuccess: (battle) =>
          battle.kind === 'turn_based'
            ? navigate(`/battle/${encodeURIComponent(battle.battle_id)}`, {
                state: battle.ended_battle ? { endedBattle: battle.ended_battle } : null,
              })
            : setResult(battle),
      },
    );
  };

  return {
    user,
    campaign,
    readAt: campaign.dataUpdatedAt,
    heroes,
    stage,
    chapter,
    choose: (id: string) => {
      setChosenStage(id);
      setResult(null);
      errors.clear();
    },
    team,
    toggle: (heroId: string) => {
      const next = toggleTeamMember(team, heroId);
      setPicked(next);
      errors.clear();
      saveActiveTeam(user.id, next);
    },
    odds,
    oddsQuery,
    fightable,
    starting: fight.isPending ? fight.variables?.mode : null,
    begin,
    /** the turn-based battle in play, which Fight ends as a loss (null: none) */
    inPlay,
    result,
    /** the stage after the one shown, once it is open (to go on after a win) */
    nextOpen: stages.find((s, i) => i > 0 && stages[i - 1]!.id === stage?.id && s.status === 'open') ?? null,
    error: errors.text,
    dismissError: errors.clear,
  };
}
