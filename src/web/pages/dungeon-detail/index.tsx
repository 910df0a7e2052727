// /dungeons/{dungeonId} — one dungeon (spec §2): art and difficulty, name, 'Level N Recommended', the enemy
// count, 'Nx Gold', description; Enter Dungeon opens the team picker, starts a run and shows its first battle
// inline (components/battle-result.tsx) with Fight Again (reopens the picker) and Back to Dungeons; the Dungeon
// Enemies list links to /heroes/{npcId}. List page and shared card parts: pages/dungeons.
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, isNotFound, type RunBattleResult } from '../../api/client.ts';
import { invalidateAfterFight, refreshUser, useDungeon, useMyHeroes } from '../../api/hooks.ts';
import { enterDungeon } from '../../api/battle-hooks.ts';
import { FightResultPanel } from '../../components/battle-result.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { TeamPicker } from '../../components/team-picker.tsx';
import { Button, ButtonLink, DifficultyBadge, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { loadActiveTeam, saveActiveTeam, useSignedInUser } from '../../session.ts';
import { multiplierText } from '../dungeons/index.tsx';
import '../dungeons/dungeons.css';
import './dungeon-detail.css';

export default function DungeonDetailPage() {
  const { dungeonId = '' } = useParams();
  const user = useSignedInUser();
  const client = useQueryClient();
  const phone = usePhone();
  const dungeon = useDungeon(dungeonId);
  const [picking, setPicking] = useState(false);
  const heroes = useMyHeroes(picking ? user.id : undefined);
  const [entering, setEntering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RunBattleResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  if (dungeon.isPending) {
    return (
      <Loading label="Loading dungeon">
        <div className="dungeon-detail">
          <Skeleton height={220} radius={16} />
          <Skeleton height={28} width="50%" />
          <Skeleton height={60} />
        </div>
      </Loading>
    );
  }
  if (dungeon.isError) {
    return (
      <section className="dungeon-detail">
        <Link to="/dungeons" className="back-link">
          ← Dungeons
        </Link>
        <ErrorBox>
          {isNotFound(dungeon.error)
            ? 'Dungeon not found'
            : errorText(dungeon.error, 'Failed to fetch dungeon')}
        </ErrorBox>
        <ButtonLink to="/dungeons" variant="secondary">
          Back to Dungeons
        </ButtonLink>
      </section>
    );
  }
  const d = dungeon.data;

  const confirm = async (team: string[]) => {
    setPicking(false);
    setError(null);
    setEntering(true);
    saveActiveTeam(user.id, team);
    try {
      const res = await enterDungeon(d.id, user.id, team);
      setResult(res);
      void refreshUser(user.id, res.user ?? null);
      void invalidateAfterFight(client, user.id);
      requestAnimationFrame(() => resultRef.current?.scrollIntoView({ block: 'start' }));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to start dungeon');
    } finally {
      setEntering(false);
    }
  };

  return (
    <section className="dungeon-detail" data-dungeon-id={d.id}>
      <Link to="/dungeons" className="back-link">
        ← Dungeons
      </Link>
      <header className={`dungeon-hero dungeon-card--${d.difficulty}`}>
        <img className="dungeon-hero__art" src={d.image_url} alt="" />
        <div className="dungeon-hero__text">
          <DifficultyBadge difficulty={d.difficulty} />
          <h1 className="dungeon-hero__name">{d.name}</h1>
          <p className="dungeon-hero__facts tabular">
            <span>Level {d.level_recommendation} Recommended</span>
            <span aria-hidden="true">·</span>
            <span>
              {d.npc_count} {d.npc_count === 1 ? 'Enemy' : 'Enemies'}
            </span>
            <span aria-hidden="true">·</span>
            <span className="dungeon-hero__gold">{multiplierText(d.rewards_multiplier)} Gold</span>
          </p>
        </div>
      </header>
      <p className="dungeon-detail__desc">{d.description}</p>
      {error && <ErrorBox onDismiss={() => setError(null)}>{error}</ErrorBox>}

      <div ref={resultRef}>
        {result ? (
          <FightResultPanel
            result={result}
            heading={
              <p className="dungeon-detail__floor muted">
                {result.run.status === 'cleared'
                  ? 'Dungeon cleared!'
                  : result.run.status === 'failed'
                    ? 'Your team was driven back.'
                    : `Floor ${result.run.floor - 1} of ${result.run.floors} won`}
              </p>
            }
          >
            <Button onClick={() => setPicking(true)} busy={entering} busyText="Battling...">
              Fight Again
            </Button>
            <ButtonLink to="/dungeons" variant="secondary">
              Back to Dungeons
            </ButtonLink>
          </FightResultPanel>
        ) : (
          <Button
            block
            onClick={() => setPicking(true)}
            busy={entering}
            busyText="Battling..."
            className="dungeon-detail__enter"
          >
            Enter Dungeon
          </Button>
        )}
      </div>

      <section className="dungeon-enemies" aria-labelledby="dungeon-enemies">
        <h2 id="dungeon-enemies">Dungeon Enemies</h2>
        {d.npcs.length === 0 ? (
          <p className="empty-state panel">No enemies in this dungeon</p>
        ) : (
          <div className="card-grid">
            {d.npcs.map((n) => (
              <HeroCard
                key={n.id}
                hero={n}
                size={phone ? 'x-small' : 'tiny'}
                label={`NPC: ${n.name}`}
                to={`/heroes/${encodeURIComponent(n.id)}`}
              />
            ))}
          </div>
        )}
      </section>

      {picking && (
        <TeamPicker
          variant="detail"
          heroes={heroes.data}
          loading={heroes.isPending}
          loadError={heroes.isError ? errorText(heroes.error, 'Failed to fetch heroes') : null}
          initial={loadActiveTeam(user.id)}
          onCancel={() => setPicking(false)}
          odds={{ userId: user.id, dungeonId: dungeon.data.id }}
          onConfirm={(team) => void confirm(team)}
        />
      )}
    </section>
  );
}
