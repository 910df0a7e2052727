// /heroes — the hero list: My Heroes, Other Heroes (grouped by player, paged through
// GET /api/heroes/browse/all; each player with Challenge, a live match: components/challenge-dialog.tsx) and NPCs
// (grouped by dungeon), each tab with a count. Cards open /heroes/{id}.
// My Heroes leads to Create Hero and, once there are heroes, to a Team Battle (/battle) with them.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Hero, PlayerHeroes } from '../../../api/index.ts';
import { useBrowseHeroes, useMyHeroes, useNpcs, usePendingPair, usePlayerHeroes } from '../../api/hooks.ts';
import { errorText } from '../../api/client.ts';
import { useSignedInUser } from '../../session.ts';
import { HeroCard, type HeroCardSize } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import {
  Button,
  ButtonLink,
  DifficultyBadge,
  ErrorBox,
  Loading,
  Skeleton,
  Tabs,
} from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { counted } from '../../components/format.ts';
import { ChallengeButton } from '../../components/challenge-dialog.tsx';
import './heroes.css';

type TabKey = 'mine' | 'others' | 'npcs';
const TAB_KEYS: TabKey[] = ['mine', 'others', 'npcs'];

function useCardSize(): HeroCardSize {
  return usePhone() ? 'x-small' : 'small';
}

/** A paid pair still waiting to be kept: the way back to it (it stays on the server until one is kept). */
function WaitingPair({ userId }: { userId: string }) {
  const pending = usePendingPair(userId);
  if (!pending.data?.candidates.length) return null;
  return (
    <div className="heroes-page__waiting panel" role="status">
      <span>Your summoned heroes are waiting: choose the one to keep.</span>
      <ButtonLink to="/create" variant="secondary">
        Choose a Hero
      </ButtonLink>
    </div>
  );
}

/** One player's heroes on Other Heroes: the page's first ones, and all of them on "Show all N". */
function PlayerGroup({ player: p, userId }: { player: PlayerHeroes; userId: string }) {
  const [all, setAll] = useState(false);
  const whole = usePlayerHeroes(p.user_id, all);
  const shown = all && whole.data ? whole.data : p.heroes;
  return (
    <section className="hero-group" data-player={p.username}>
      <header className="hero-group__head">
        <h2>{p.username}</h2>
        <span className="count-badge" title={counted(p.hero_count, 'hero', 'heroes')}>
          {counted(p.hero_count, 'hero', 'heroes')}
        </span>
        <ChallengeButton
          userId={userId}
          opponent={{ id: p.user_id, username: p.username }}
          className="hero-group__challenge"
        />
      </header>
      <CardGrid heroes={shown} />
      {p.hero_count > shown.length && (
        <p className="muted hero-group__more">
          Showing {shown.length} of {p.hero_count}{' '}
          <Button
            variant="secondary"
            onClick={() => setAll(true)}
            busy={all && whole.isPending}
            busyText="Loading..."
            data-testid="show-all-heroes"
          >
            Show all {p.hero_count}
          </Button>
        </p>
      )}
      {all && whole.error && <ErrorBox>{errorText(whole.error, 'Failed to fetch heroes')}</ErrorBox>}
    </section>
  );
}

function CardGrid({ heroes, label }: { heroes: Hero[]; label?: (h: Hero) => string }) {
  const size = useCardSize();
  return (
    <div className={`hero-grid hero-grid--${size}`}>
      {heroes.map((h) => (
        <HeroCard
          key={h.id}
          hero={h}
          size={size}
          to={`/heroes/${encodeURIComponent(h.id)}`}
          label={label?.(h)}
        />
      ))}
    </div>
  );
}

function GridSkeleton({ count = 4 }: { count?: number }) {
  const size = useCardSize();
  const dims = size === 'x-small' ? { w: 150, h: 215 } : { w: 220, h: 300 };
  return (
    <Loading label="Loading heroes">
      <div className={`hero-grid hero-grid--${size}`}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} width={dims.w} height={dims.h} radius={12} />
        ))}
      </div>
    </Loading>
  );
}

export default function HeroesPage() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TAB_KEYS.includes(tabParam) ? tabParam : 'mine';

  const mine = useMyHeroes(user.id);
  const others = useBrowseHeroes(user.id);
  const npcs = useNpcs();

  const myHeroes = (mine.data ?? []).filter((h) => h.user_id === user.id);
  const players = (others.data?.pages.flatMap((p) => p.players) ?? []).filter((p) => p.user_id !== user.id);
  const otherCount = players.reduce((n, p) => n + p.hero_count, 0);
  const dungeons = npcs.error && !npcs.data ? [] : (npcs.data?.dungeons ?? []);
  const npcCount = dungeons.reduce((n, d) => n + d.npcs.length, 0);

  const tabs = [
    { key: 'mine' as const, label: 'My Heroes', count: mine.data ? myHeroes.length : '…' },
    {
      key: 'others' as const,
      label: 'Other Heroes',
      count: others.data ? `${otherCount}${others.hasNextPage ? '+' : ''}` : '…',
    },
    { key: 'npcs' as const, label: 'NPCs', count: npcs.data || npcs.error ? npcCount : '…' },
  ];

  return (
    <div className="heroes-page">
      <div className="page-head">
        <h1>Heroes</h1>
        {tab === 'mine' && (
          <div className="heroes-page__actions">
            {myHeroes.length > 0 && (
              <ButtonLink to="/battle" variant="secondary" data-testid="team-battle-entry">
                <Icon name="atk" size={18} />
                Team Battle
              </ButtonLink>
            )}
            <ButtonLink to="/create">Create Hero</ButtonLink>
          </div>
        )}
      </div>
      <Tabs
        label="Hero lists"
        tabs={tabs}
        value={tab}
        onChange={(key) => setParams(key === 'mine' ? {} : { tab: key }, { replace: true })}
      />

      {tab === 'mine' && <WaitingPair userId={user.id} />}
      {tab === 'mine' && (
        <section role="tabpanel" aria-label="My Heroes">
          {mine.isPending ? (
            <GridSkeleton />
          ) : mine.error && !mine.data ? (
            <ErrorBox>{errorText(mine.error, 'Failed to fetch your heroes')}</ErrorBox>
          ) : myHeroes.length === 0 ? (
            <div className="empty-state panel">
              <strong>You don't have any heroes yet</strong>
              <p>Spend a summoning scroll to call your first two candidates.</p>
              <ButtonLink to="/create">Create Hero</ButtonLink>
            </div>
          ) : (
            <CardGrid heroes={myHeroes} />
          )}
        </section>
      )}

      {tab === 'others' && (
        <section role="tabpanel" aria-label="Other Heroes">
          {others.isPending ? (
            <GridSkeleton />
          ) : others.error && !others.data ? (
            <ErrorBox>{errorText(others.error, 'Failed to fetch other heroes')}</ErrorBox>
          ) : players.length === 0 ? (
            <div className="empty-state panel">
              <strong>No other players have created heroes yet</strong>
            </div>
          ) : (
            <div className="stack">
              {players.map((p) => (
                <PlayerGroup key={p.user_id} player={p} userId={user.id} />
              ))}
              {others.hasNextPage && (
                <Button
                  variant="secondary"
                  onClick={() => void others.fetchNextPage()}
                  busy={others.isFetchingNextPage}
                  busyText="Loading..."
                >
                  Load more players
                </Button>
              )}
              {others.error && <ErrorBox>{errorText(others.error, 'Failed to fetch other heroes')}</ErrorBox>}
            </div>
          )}
        </section>
      )}

      {tab === 'npcs' && (
        <section role="tabpanel" aria-label="NPCs">
          {npcs.isPending ? (
            <GridSkeleton />
          ) : npcs.error && !npcs.data ? (
            // The list is then empty (count 0) and the Heroes fallback names what failed.
            <ErrorBox>{errorText(npcs.error, 'Failed to fetch NPCs')}</ErrorBox>
          ) : dungeons.length === 0 || npcCount === 0 ? (
            <div className="empty-state panel">
              <strong>No dungeon NPCs available yet</strong>
            </div>
          ) : (
            <div className="stack">
              {dungeons.map((d) => (
                <section key={d.dungeon_id} className="hero-group" data-dungeon={d.dungeon_id}>
                  <header className="hero-group__head">
                    <h2>{d.dungeon_name}</h2>
                    <DifficultyBadge difficulty={d.difficulty} />
                    <span className="muted">Level {d.level_recommendation}</span>
                    <span className="count-badge">
                      {d.npcs.length} {d.npcs.length === 1 ? 'NPC' : 'NPCs'}
                    </span>
                  </header>
                  <CardGrid heroes={d.npcs} label={(h) => `NPC: ${h.name}`} />
                </section>
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
