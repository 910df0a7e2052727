// /combat — the battle result screen (spec §2): query battleId, location ('Unknown'), locationType (dungeon |
// arena | random, default random), returnTo (/map), dungeonRunId, attackerId, opponentId, teamHeroIds (JSON
// list); without a battleId, the result passed in navigation state; without either, 'No battle data provided'.
// Shows VICTORY!/DEFEAT, Win Chance, Roll Needed, You Rolled, the chance bar, the story, rewards and level-ups;
// Back and Fight Again (spec §5's checks), each saying under it what it does: a dungeon's Fight Again fights the
// run's next floor ('Floor 5 of 5 — the boss') or, on a finished run, starts a new one ('New run from floor 1');
// a floor fought meanwhile elsewhere shows the run as it is now (components/dungeon-run.tsx).
// Scene art by location (components/battle-scene.ts).
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '../../api/client.ts';
import type { DungeonRun } from '../../../api/index.ts';
import { afterFight, queryKeys, useActiveRun, useDungeonRun } from '../../api/hooks.ts';
import {
  combatUrl,
  enterDungeon,
  fightNextFloor,
  isWin,
  parseTeamHeroIds,
  safeReturnTo,
  type FightResult,
} from '../../api/battle-hooks.ts';
import { BattleNarrative, ChanceBar, RewardsList, WatchReplay } from '../../components/battle-result.tsx';
import { sceneTheme, sceneUrl, type LocationType } from '../../components/battle-scene.ts';
import {
  CaptionedAction,
  NEW_RUN_TEXT,
  RunNotice,
  RunMoment,
  nextFloorText,
  runEndsText,
  runStateText,
} from '../../components/dungeon-run.tsx';
import { rollFigures } from '../../components/format.ts';
import { Button, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';
import '../../components/battle-result.css';
import './combat.css';

type Shown = FightResult & { run?: DungeonRun; clear_bonus?: boolean };

/** What Back leads to, for its caption. */
function placeName(path: string): string {
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
  const [notice, setNotice] = useState<string | null>(null);
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
  // A dungeon fight's run as it is now (a stored result does not carry it; another tab may have fought on),
  // and the player's active run, which a new run would end.
  const isDungeon = p.locationType === 'dungeon';
  const runQuery = useDungeonRun(isDungeon ? p.dungeonRunId : null, user.id, result?.run);
  const run = runQuery.data ?? result?.run ?? null;
  const active = useActiveRun(user.id, isDungeon);
  const otherActive = active.data && active.data.id !== run?.id ? active.data : null;

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
        let res: api.RunBattleResult;
        let team = p.teamHeroIds.length ? p.teamHeroIds : (run?.team_hero_ids ?? []);
        if (run?.status === 'active') {
          // The run's next floor. If it was fought meanwhile (another tab), say so and show the run as it is.
          const next = await fightNextFloor(run, user.id).catch((err: Error) => {
            throw Object.assign(err, { shown: true });
          });
          if (next.movedOn !== undefined) {
            setNotice(next.movedOn);
            await Promise.all([runQuery.refetch(), active.refetch()]);
            return;
          }
          res = next.result;
          team = run.team_hero_ids;
        } else {
          // The run has ended (cleared, failed or replaced): a new run of the same dungeon, same team.
          const dungeonId =
            p.dungeonId ??
            run?.dungeon_id ??
            (dungeons.data ?? (await api.listDungeons())).find((d) => d.name === p.location)?.id;
          if (!dungeonId || team.length === 0)
            throw Object.assign(new Error('No dungeon run ID provided'), { shown: true });
          res = await enterDungeon(dungeonId, user.id, team).catch((err: Error) => {
            throw Object.assign(err, { shown: true });
          });
        }
        next = res;
        url = combatUrl({
          battleId: res.battle_id,
          location: res.location || p.location,
          locationType: 'dungeon',
          dungeonRunId: res.run.id,
          dungeonId: res.run.dungeon_id,
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
      setNotice(null);
      afterFight(client, user.id, next);
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
  const figures = rollFigures(result.probability, result.roll, won);
  const [chance, needed, rolled] = [figures.chance, figures.needed, figures.rolled].map((x) =>
    x.toFixed(figures.decimals),
  );
  const fightAgainCaption: ReactNode = isDungeon ? (
    !run && runQuery.isLoading ? (
      'Reading your run…'
    ) : run?.status === 'active' ? (
      nextFloorText(run)
    ) : (
      <>
        {NEW_RUN_TEXT}
        {otherActive && <span className="captioned__warn">{runEndsText(otherActive)}</span>}
      </>
    )
  ) : p.locationType === 'arena' ? (
    'Same hero, same opponent'
  ) : (
    'Same team, a new quick battle'
  );
  const backCaption =
    isDungeon && run?.status === 'active'
      ? `To ${placeName(p.returnTo)}: your run waits at floor ${run.floor} of ${run.floors}`
      : `To ${placeName(p.returnTo)}`;

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
          <p className="combat__run" data-testid="run-state">
            {runStateText(run)}
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
        <ChanceBar figures={figures} won={won} />
        {run && <RunMoment run={run} won={won} place={p.location} />}
        <BattleNarrative result={result} />
        <WatchReplay battleId={result.battle_id} />
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
        {notice && <RunNotice onDismiss={() => setNotice(null)}>{notice}</RunNotice>}
        <div className="combat__actions">
          <CaptionedAction caption={backCaption}>
            {(describedBy) => (
              <Button variant="secondary" onClick={goBack} aria-describedby={describedBy}>
                Back
              </Button>
            )}
          </CaptionedAction>
          <CaptionedAction caption={fightAgainCaption}>
            {(describedBy) => (
              <Button
                onClick={() => void fightAgain()}
                busy={fighting}
                busyText="Battling..."
                disabled={isDungeon && !run && runQuery.isLoading}
                aria-describedby={describedBy}
                data-testid="fight-again"
              >
                Fight Again
              </Button>
            )}
          </CaptionedAction>
        </div>
      </section>
    </div>
  );
}
