// The arena's Choose Opponent section: Find a fair match and its row (today's set, each 40–60% to win, and New set
// for another), the Players / NPCs lists by group (a player's Show all N, More players), every card with its rating
// and, once your hero is chosen, its win chance band; beside each player, Challenge (a live match).
// Renders from the controller (../ctrl.ts).
import type { Hero } from '../../../../api/index.ts';
import { ChallengeButton } from '../../../components/challenge-dialog.tsx';
import { HeroCard } from '../../../components/hero-card.tsx';
import { Icon } from '../../../components/icon.tsx';
import { CardLadder } from '../../../components/ladder.tsx';
import { Button, Skeleton, Tabs } from '../../../components/ui.tsx';
import { usePhone } from '../../../components/use-media.ts';
import { opponentLabel, type ArenaCtrl, type OpponentTab } from '../ctrl.ts';

/** A row of opponents to choose from, each with its rating and (once your hero is chosen) its win chance band. */
function OpponentRow({
  ctrl,
  label,
  heroes,
  labelOf = opponentLabel,
  eager = false,
}: {
  ctrl: ArenaCtrl;
  label: string;
  heroes: Hero[];
  labelOf?: (h: Hero, i: number) => string;
  /** every card's band read at once, not as it nears the screen (a short row) */
  eager?: boolean;
}) {
  const size = usePhone() ? 'x-small' : 'tiny';
  return (
    <div className="card-grid arena__grid--row" role="group" aria-label={label}>
      {heroes.map((h, i) => (
        <HeroCard
          key={h.id}
          hero={h}
          size={size}
          label={labelOf(h, i)}
          selected={ctrl.opponentShown === h.id}
          onClick={() => ctrl.chooseOpponent(h.id)}
          overlay={<CardLadder rating={h.rating} odds={ctrl.bandQuery(h)} eager={eager} />}
        />
      ))}
    </div>
  );
}

export function ChooseOpponent({ ctrl }: { ctrl: ArenaCtrl }) {
  const phone = usePhone();
  const { attacker, fairShown, players } = ctrl;
  return (
    <section className="arena__section" aria-labelledby="arena-opponent">
      <div className="arena__section-head">
        <h2 id="arena-opponent">Choose Opponent</h2>
        <Button
          variant="secondary"
          className="arena__fair-button"
          onClick={() => void ctrl.findFairMatch()}
          disabled={!attacker}
          busy={ctrl.finding}
          busyText="Finding..."
          title={
            attacker
              ? `Choose the opponent nearest an even fight for ${attacker.name.split(' ')[0]}`
              : 'Choose your hero first'
          }
        >
          <Icon name="fair_match" size={16} /> Find a fair match
        </Button>
      </div>
      {fairShown && attacker && ctrl.fairSet && (
        <div className="arena__group arena__fair" data-testid="fair-matches" data-draw={ctrl.fairSet.draw}>
          <div className="arena__fair-head">
            <h3 className="arena__group-title">
              Fair matches for {attacker.name.split(' ')[0]}{' '}
              <span className="muted">
                · 40–60% to win ·{' '}
                {ctrl.fairSet.draw === 0 ? "today's set" : `set ${ctrl.fairSet.draw + 1} today`}
              </span>
            </h3>
            <Button
              variant="secondary"
              className="arena__fair-refresh"
              onClick={() => void ctrl.refreshFairMatches()}
              busy={ctrl.refreshing}
              busyText="Finding..."
              title={`Another set of fair opponents for ${attacker.name.split(' ')[0]}`}
            >
              <Icon name="reroll" size={16} /> New set
            </Button>
          </div>
          {fairShown.length === 0 ? (
            <p className="empty-state panel">
              No fair opponent found for {attacker.name.split(' ')[0]} today: it is stronger than anyone it
              could meet.
            </p>
          ) : (
            <OpponentRow
              ctrl={ctrl}
              label="Fair matches"
              heroes={fairShown}
              labelOf={(h, i) => (ctrl.fairSet?.sparring[i] ? `Sparring: ${h.name}` : opponentLabel(h))}
              eager
            />
          )}
        </div>
      )}
      <Tabs<OpponentTab>
        label="Opponent kind"
        value={ctrl.tab}
        onChange={ctrl.switchTab}
        tabs={[
          { key: 'players', label: 'Players' },
          { key: 'npcs', label: 'NPCs' },
        ]}
      />
      {ctrl.opponentsLoading ? (
        <div className="card-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} width={phone ? 150 : 180} height={phone ? 215 : 260} radius={12} />
          ))}
        </div>
      ) : ctrl.opponentGroups.length === 0 ? (
        <p className="empty-state panel">No opponents available.</p>
      ) : (
        <div className="arena__groups">
          {ctrl.opponentGroups.map((g) => (
            <div key={g.key} className="arena__group">
              <h3 className="arena__group-title">
                {g.title} <span className="muted">· {g.total ?? g.heroes.length}</span>
                {ctrl.tab === 'players' && (
                  <ChallengeButton
                    userId={ctrl.userId}
                    opponent={{ id: g.key, username: g.title }}
                    className="arena__challenge"
                  />
                )}
                {g.total !== undefined && g.total > g.heroes.length && (
                  <Button
                    variant="secondary"
                    className="arena__show-all"
                    onClick={() => ctrl.showAll(g.key)}
                    busy={ctrl.loadingAll(g.key)}
                    busyText="Loading..."
                    data-testid="show-all-heroes"
                  >
                    Show all {g.total}
                  </Button>
                )}
              </h3>
              <OpponentRow ctrl={ctrl} label={g.title} heroes={g.heroes} />
            </div>
          ))}
          {ctrl.tab === 'players' && players.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void players.fetchNextPage()}
              busy={players.isFetchingNextPage}
              busyText="Loading..."
            >
              More players
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
