// /arena — 1v1 duels: Choose Your Hero, Choose Opponent (Players from the
// browse endpoint, NPCs from /api/npcs, shown 'NPC: …'), the Selected summary, Fight! (disabled until both are
// chosen and while 'Battling...'; beside it the duel's win chance, and a long shot asks once — components/
// win-chance.tsx), the result panel (components/battle-result.tsx) and Fight Again. After a
// fight the user is re-read and saved. The last attacker and opponent are remembered per user (battle-hooks.ts).
// The arena ladder: every card shows its hero's rating, and once your hero is chosen each opponent shows the band
// its honest win chance falls in (components/ladder.tsx); Find a fair match offers today's set of opponents your
// hero wins 40–60% of the time, New set another (GET /api/arena/opponents, POST …/refresh); the result shows both
// ratings moving; Leaderboard opens /arena/leaderboard.
// State and actions: ./ctrl.ts; the Choose Opponent section: ./view/opponents.tsx.
import { errorText } from '../../api/client.ts';
import { FightResultPanel } from '../../components/battle-result.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import { ArenaLadderOutcome, CardLadder } from '../../components/ladder.tsx';
import { Button, ButtonLink, ErrorBanner, Skeleton } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { LongShotPrompt, repeatWinNote, WinChance, WinPays } from '../../components/win-chance.tsx';
import { opponentLabel, useArenaCtrl } from './ctrl.ts';
import { ChooseOpponent } from './view/opponents.tsx';
import './arena.css';

export default function ArenaPage() {
  const ctrl = useArenaCtrl();
  const { mine, heroes, attacker, opponent, attackerShown, ready, result, longShot } = ctrl;
  const phone = usePhone();
  const size = phone ? 'x-small' : 'tiny';

  if (mine.isPending) {
    return (
      <section className="arena">
        <p className="arena__loading" role="status">
          Loading Arena...
        </p>
        <div className="card-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} width={phone ? 150 : 180} height={phone ? 215 : 260} radius={12} />
          ))}
        </div>
      </section>
    );
  }

  return (
    <section className="arena">
      <header className="arena__banner">
        <ButtonLink to="/arena/leaderboard" variant="secondary" className="arena__ladder-link">
          <Icon name="ladder" size={16} /> Leaderboard
        </ButtonLink>
        <h1>Arena</h1>
        <p>Pit one of your heroes against another player's champion or a dungeon NPC.</p>
      </header>
      {ctrl.error && <ErrorBanner onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBanner>}
      {mine.isError && <ErrorBanner>{errorText(mine.error, 'Failed to fetch your heroes')}</ErrorBanner>}

      {result ? (
        <FightResultPanel
          result={result}
          heading={
            <p className="arena__matchup">
              {attacker && opponent ? `${attacker.name} vs ${opponentLabel(opponent)}` : 'Arena'}
            </p>
          }
          details={
            <ArenaLadderOutcome
              result={result}
              attacker={attacker?.name.split(' ')[0] ?? 'Your hero'}
              opponent={opponent?.name.split(' ')[0] ?? 'the opponent'}
            />
          }
        >
          <div className="arena__again">
            <p className="arena__again-title muted">The same duel, as it stands now:</p>
            <WinChance odds={ctrl.odds} className="arena__odds" />
            <WinPays odds={ctrl.odds} note={repeatWinNote} />
          </div>
          <Button onClick={ctrl.fightAgain}>Fight Again</Button>
        </FightResultPanel>
      ) : (
        <>
          <section className="arena__section" aria-labelledby="arena-mine">
            <h2 id="arena-mine">Choose Your Hero</h2>
            {heroes.length === 0 && !mine.isError ? (
              <div className="empty-state panel">
                <p>You have no heroes. Create one first.</p>
                <ButtonLink to="/create">Create Hero</ButtonLink>
              </div>
            ) : (
              <div className="card-grid arena__grid--row" role="group" aria-label="Your heroes">
                {heroes.map((h) => (
                  <HeroCard
                    key={h.id}
                    hero={h}
                    size={size}
                    selected={attackerShown === h.id}
                    onClick={() => ctrl.chooseAttacker(h.id)}
                    overlay={<CardLadder rating={h.rating} />}
                  />
                ))}
              </div>
            )}
          </section>

          <ChooseOpponent ctrl={ctrl} />

          <div className="action-bar arena__bar" role="region" aria-label="Selected">
            <div className="arena__selected" data-testid="arena-selected">
              <strong>Selected</strong>
              <span>
                Hero:{' '}
                <span data-testid="selected-hero" data-chosen={attacker?.id}>
                  {attacker ? attacker.name : '—'}
                </span>
              </span>
              <span>
                Opponent:{' '}
                <span
                  data-testid="selected-opponent"
                  data-chosen={opponent?.id}
                  title={ctrl.opponentName ?? undefined}
                >
                  {ctrl.opponentName ?? '—'}
                </span>
              </span>
            </div>
            {ready && <WinChance odds={ctrl.odds} className="arena__odds" />}
            {ready && <WinPays odds={ctrl.odds} note={repeatWinNote} className="arena__pays" />}
            <Button
              onClick={() => void ctrl.fight()}
              disabled={!ready || longShot.asking}
              busy={ctrl.fighting}
              busyText="Battling..."
              title={ready ? 'Fight this duel' : 'Select your hero and an opponent first'}
              className="arena__fight"
            >
              Fight!
            </Button>
            {!ready && <p className="arena__hint muted">Select your hero and an opponent first</p>}
            <LongShotPrompt longShot={longShot} />
          </div>
        </>
      )}
    </section>
  );
}
