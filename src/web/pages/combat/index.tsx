// /combat — the battle result screen (spec §2): query battleId, location ('Unknown'), locationType (dungeon |
// arena | random, default random), returnTo (/map), dungeonRunId, attackerId, opponentId, teamHeroIds (JSON
// list); without a battleId, the result passed in navigation state; without either, 'No battle data provided'.
// Shows VICTORY!/DEFEAT, Win Chance, Roll Needed, You Rolled, the chance bar, the story, rewards and level-ups;
// Back and Fight Again (spec §5's checks). Scene art by location (components/battle-scene.ts).
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '../../api/client.ts';
import { invalidateAfterFight, queryKeys, refreshUser } from '../../api/hooks.ts';
import {
  combatUrl,
  isWin,
  parseTeamHeroIds,
  safeReturnTo,
  type FightResult,
} from '../../api/battle-hooks.ts';
import { BattleNarrative, ChanceBar, RewardsList } from '../../components/battle-result.tsx';
import { sceneTheme, sceneUrl, type LocationType } from '../../components/battle-scene.ts';
import { wholePercent } from '../../components/format.ts';
import { Button, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';
import '../../components/battle-result.css';
import './combat.css';

type RunInfo = {
  id: string;
  floor: number;
  floors: number;
  status: string;
  dungeon_id: string;
  team_hero_ids: string[];
};
type Shown = FightResult & { run?: RunInfo; clear_bonus?: boolean };

function readParams(sp: URLSearchParams) {
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

/** A fetched battle as a result: a quick result as is; a turn-based state by its status (odds unknown → 50). */
function asResult(b: api.FetchedBattle): Shown {
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

function BattleError({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <section className="combat-error panel" data-testid="battle-error">
      <h1>Battle Error</h1>
      <ErrorBox>{message}</ErrorBox>
      <Button onClick={onBack}>Go Back</Button>
    </section>
  );
}

export default function CombatPage() {
  const [sp] = useSearchParams();
  const p = readParams(sp);
  const navState = (useLocation().state ?? null) as { result?: Shown } | null;
  const stateResult = navState?.result ?? null;
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useSignedInUser();
  const [fightError, setFightError] = useState<string | null>(null);
  const [fighting, setFighting] = useState(false);
  // Only dungeon results need the dungeon list (for a dungeon's scene theme and to restart a finished run).
  const dungeons = useQuery({
    queryKey: queryKeys.dungeons,
    queryFn: api.listDungeons,
    enabled: p.locationType === 'dungeon',
    staleTime: 60_000,
  });

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

  const goBack = () => navigate(p.returnTo);

  const fightAgain = async () => {
    setFightError(null);
    if (p.locationType === 'dungeon' && !p.dungeonRunId) return setFightError('No dungeon run ID provided');
    if (p.locationType === 'arena' && (!p.attackerId || !p.opponentId))
      return setFightError('Missing arena battle parameters');
    if (p.locationType === 'random' && p.teamHeroIds.length === 0)
      return setFightError('No team hero IDs provided');
    setFighting(true);
    try {
      let next: Shown;
      let url: string;
      if (p.locationType === 'dungeon') {
        let runId = p.dungeonRunId!;
        let team = p.teamHeroIds.length ? p.teamHeroIds : (result?.run?.team_hero_ids ?? []);
        let res: api.RunBattleResult;
        try {
          res = await api.fightDungeonRun(runId, user.id);
        } catch (err) {
          // The run has ended (cleared or failed): begin a new run of the same dungeon with the same team.
          if (!(err instanceof api.ApiError) || err.status !== 409)
            throw Object.assign(new Error(api.errorText(err, 'Failed to start dungeon battle')), {
              shown: true,
            });
          const dungeonId =
            p.dungeonId ??
            result?.run?.dungeon_id ??
            (dungeons.data ?? (await api.listDungeons())).find((d) => d.name === p.location)?.id;
          if (!dungeonId || team.length === 0)
            throw Object.assign(new Error('No dungeon run ID provided'), { shown: true });
          try {
            const run = await api.startDungeon(dungeonId, user.id, team);
            runId = run.id;
            team = run.team_hero_ids;
          } catch (e) {
            throw Object.assign(new Error(api.errorText(e, 'Failed to start dungeon')), { shown: true });
          }
          res = await api.fightDungeonRun(runId, user.id);
        }
        next = res;
        url = combatUrl({
          battleId: res.battle_id,
          location: res.location || p.location,
          locationType: 'dungeon',
          dungeonRunId: runId,
          dungeonId: p.dungeonId ?? res.run.dungeon_id,
          teamHeroIds: team,
          returnTo: p.returnTo,
        });
      } else if (p.locationType === 'arena') {
        const res = await api.arenaBattle(user.id, p.attackerId!, p.opponentId!);
        next = res;
        url = combatUrl({
          battleId: res.battle_id,
          location: res.location || p.location,
          locationType: 'arena',
          attackerId: p.attackerId!,
          opponentId: p.opponentId!,
          returnTo: p.returnTo,
        });
      } else {
        const res = await api.createBattle(user.id, p.teamHeroIds, 'auto');
        if (res.kind === 'turn_based') {
          navigate(`/battle/${encodeURIComponent(res.battle_id)}`);
          return;
        }
        next = res;
        url = combatUrl({
          battleId: res.battle_id,
          location: res.location || p.location,
          locationType: 'random',
          teamHeroIds: p.teamHeroIds,
          returnTo: p.returnTo,
        });
      }
      void refreshUser(user.id, next.user ?? null);
      void invalidateAfterFight(client, user.id);
      navigate(url, { state: { result: next }, replace: true });
    } catch (err) {
      const shown = (err as { shown?: boolean }).shown ? (err as Error).message : null;
      const fallback =
        p.locationType === 'dungeon'
          ? 'Failed to start dungeon battle'
          : p.locationType === 'arena'
            ? 'Failed to start arena battle'
            : 'Failed to start battle';
      setFightError(shown ?? api.errorText(err, fallback));
    } finally {
      setFighting(false);
    }
  };

  const knownTheme =
    p.locationType === 'dungeon' ? dungeons.data?.find((d) => d.name === p.location)?.theme : null;
  const theme = sceneTheme(p.locationType, p.location, knownTheme);
  const sceneStyle = { '--scene': `url("${sceneUrl(theme)}")` } as React.CSSProperties;

  if (fightError) return <BattleError message={fightError} onBack={goBack} />;
  if (!p.battleId && !stateResult) return <BattleError message="No battle data provided" onBack={goBack} />;
  if (p.battleId && fetched.isError)
    return (
      <BattleError message={api.errorText(fetched.error, 'Failed to fetch battle result')} onBack={goBack} />
    );
  if (!result) {
    return (
      <Loading label="Loading battle result">
        <div className="combat" style={sceneStyle}>
          <Skeleton height={220} radius={16} />
          <Skeleton height={90} />
          <Skeleton height={120} />
        </div>
      </Loading>
    );
  }

  const won = isWin(result.status);
  const chance = wholePercent(result.probability);
  const rolled = wholePercent(result.roll);
  const needed = 100 - chance;
  const run = result.run;

  return (
    <div
      className={`combat combat--${won ? 'won' : 'lost'}`}
      style={sceneStyle}
      data-theme={theme}
      data-location-type={p.locationType}
      data-outcome={won ? 'won' : 'lost'}
    >
      <header className="combat__hero">
        <p className="combat__location" data-testid="combat-location">
          {p.location}
        </p>
        <h1 className="combat__headline">{won ? 'VICTORY!' : 'DEFEAT'}</h1>
        {run && (
          <p className="combat__run">
            {run.status === 'cleared'
              ? 'Dungeon cleared!'
              : run.status === 'failed'
                ? 'The run has ended.'
                : `Next: floor ${run.floor} of ${run.floors}`}
          </p>
        )}
      </header>
      <section className="combat__body panel">
        <dl className="combat-stats tabular">
          <div>
            <dt>Win Chance</dt>
            <dd data-testid="win-chance">{chance}%</dd>
          </div>
          <div>
            <dt>Roll Needed</dt>
            <dd data-testid="roll-needed">&gt;{needed}</dd>
          </div>
          <div>
            <dt>You Rolled</dt>
            <dd data-testid="you-rolled">{rolled}</dd>
          </div>
        </dl>
        <ChanceBar chance={chance} rolled={rolled} />
        <BattleNarrative result={result} />
        {won && (
          <RewardsList
            result={{
              ...result,
              rewards: { gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0, ...result.rewards },
            }}
            title="Rewards"
            all
          />
        )}
        <div className="combat__actions">
          <Button variant="secondary" onClick={goBack}>
            Back
          </Button>
          <Button onClick={() => void fightAgain()} busy={fighting} busyText="Battling...">
            Fight Again
          </Button>
        </div>
      </section>
    </div>
  );
}
