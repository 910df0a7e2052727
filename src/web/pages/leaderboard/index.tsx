// /arena/leaderboard — the arena ladder: heroes and NPCs by ladder score (the conservative rating, rating − 2·RD),
// with rating and deviation, owner (or NPC), level, rarity and arena record; the player's own heroes' standing first;
// more a page at a time (GET /api/arena/leaderboard's cursor). Each row opens its hero. Reached from /arena.
import { Link } from 'react-router';
import type { LeaderboardEntry } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { useLeaderboard } from '../../api/hooks.ts';
import { formatDeviation, formatNumber, formatRating, formatRecord } from '../../components/format.ts';
import { RarityStars } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import { ProvisionalMark } from '../../components/ladder.tsx';
import { Button, ErrorBox, Skeleton } from '../../components/ui.tsx';
import { useSignedInUser } from '../../session.ts';
import './leaderboard.css';
import { boardEntries } from './entries.ts';

/** '#12', or '10,000+' past the ranks the server counts exactly. */
const rankText = (rank: number | null) => (rank === null ? '10,000+' : `#${formatNumber(rank)}`);

function LadderRow({ e, mine }: { e: LeaderboardEntry; mine: boolean }) {
  const podium = e.rank !== null && e.rank <= 3 ? ` ladder-row--top${e.rank}` : '';
  return (
    <li
      className={`ladder-row${mine ? ' ladder-row--mine' : ''}${podium}`}
      data-hero-id={e.hero_id}
      data-rank={e.rank ?? ''}
    >
      <Link to={`/heroes/${e.hero_id}`} className="ladder-row__link">
        <span className="ladder-row__rank tabular">{rankText(e.rank)}</span>
        <img
          className={`ladder-row__portrait rarity-border-${Math.min(5, Math.max(1, e.rarity))}`}
          src={e.portrait_url}
          alt=""
          width={44}
          height={44}
          loading="lazy"
        />
        <span className="ladder-row__who">
          <span className="ladder-row__name">
            {e.npc && <span className="ladder-row__npc">NPC</span>}
            {e.name}
          </span>
          <span className="ladder-row__sub muted">
            <RarityStars rarity={e.rarity} size={11} /> Lv {e.level}
            <span className="ladder-row__class">{e.class}</span>
            <span className="ladder-row__owner">
              {' · '}
              {e.npc
                ? e.dungeon_id
                  ? 'dungeon NPC'
                  : 'sparring NPC'
                : mine
                  ? 'yours'
                  : `by ${e.username ?? 'someone'}`}
            </span>
          </span>
        </span>
        <span className="ladder-row__rating tabular" data-testid="ladder-rating">
          {formatRating(e.rating)}
          <ProvisionalMark rd={e.rd} /> <span className="muted">{formatDeviation(e.rd)}</span>
        </span>
        <span className="ladder-row__score tabular" data-testid="ladder-score">
          {formatNumber(Math.round(e.conservative))}
        </span>
        <span className="ladder-row__record tabular">{formatRecord(e)}</span>
      </Link>
    </li>
  );
}

function Header() {
  return (
    <div className="ladder-head" aria-hidden="true">
      <span>Rank</span>
      <span />
      <span>Hero</span>
      <span>Rating</span>
      <span>Score</span>
      <span>W–L</span>
    </div>
  );
}

function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <div className="stack" aria-hidden="true" style={{ gap: 6 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={58} radius={8} />
      ))}
    </div>
  );
}

export default function LeaderboardPage() {
  const user = useSignedInUser();
  const board = useLeaderboard(user.id);
  const entries = boardEntries(board.data?.pages ?? []);
  const mine = board.data?.pages[0]?.mine ?? [];

  return (
    <section className="leaderboard">
      <Link to="/arena" className="back-link">
        ← Arena
      </Link>
      <header className="leaderboard__banner">
        <h1>
          <Icon name="ladder" size={28} /> Leaderboard
        </h1>
        <p>
          Every hero and NPC of the arena, ranked by ladder score: its rating less twice its uncertainty, so a
          hero climbs by proving itself, not by one lucky win.
        </p>
      </header>

      {board.isError && <ErrorBox>{errorText(board.error, 'Failed to load the leaderboard')}</ErrorBox>}

      <section className="panel leaderboard__section" aria-labelledby="ladder-mine">
        <h2 id="ladder-mine">Your heroes</h2>
        {board.isPending ? (
          <RowsSkeleton rows={2} />
        ) : mine.length === 0 ? (
          <p className="muted" data-testid="ladder-mine-empty">
            You have no heroes on the ladder yet: summon one, then fight in the arena.
          </p>
        ) : (
          <>
            <Header />
            <ol className="ladder" data-testid="ladder-mine">
              {mine.map((e) => (
                <LadderRow key={e.hero_id} e={e} mine />
              ))}
            </ol>
          </>
        )}
      </section>

      <section className="panel leaderboard__section" aria-labelledby="ladder-top">
        <h2 id="ladder-top">Top heroes</h2>
        {board.isPending ? (
          <RowsSkeleton rows={8} />
        ) : (
          <>
            <Header />
            <ol className="ladder" data-testid="ladder-top">
              {entries.map((e) => (
                <LadderRow key={e.hero_id} e={e} mine={e.user_id === user.id} />
              ))}
            </ol>
          </>
        )}
        {board.hasNextPage && (
          <Button
            variant="secondary"
            block
            onClick={() => void board.fetchNextPage()}
            busy={board.isFetchingNextPage}
            busyText="Loading..."
          >
            More heroes
          </Button>
        )}
      </section>

      <details className="panel leaderboard__rules">
        <summary>How the ladder works</summary>
        <p>
          Every arena duel rates both heroes at once (Glicko-2, one duel per rating period). A rating says how
          strong a hero has shown itself; its deviation (±) how sure that is — it narrows with every duel. New
          heroes start at 1500 ± 350; dungeon NPCs at the rating their level is worth, measured from the
          honest odds between levels. The score is rating − 2 × deviation.
        </p>
        <p>
          Beating the same opponent again within 24 hours pays half the rewards, then a quarter, then an
          eighth: fresh opponents pay best. Find a fair match in the arena offers opponents rated near your
          hero.
        </p>
      </details>
    </section>
  );
}
