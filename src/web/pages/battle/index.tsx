// /battle — start a team battle (both ways are built: docs/design.md): pick 1–4 of your heroes on large cards (check
// marks; a fifth pick is ignored; picking again drops a hero). Fight creates a turn-based battle and opens
// /battle/{battleId}; Quick Battle resolves it at once and opens /combat. The team is remembered under
// runeborn_active_team_{userId} (session.ts); a player with none starts from their strongest four. Before either,
// the page shows the team's next encounter — the enemies the server has drawn for it and the win chance (GET
// /api/odds) — and a long shot asks once (components/win-chance.tsx). One turn-based battle at a time: a battle in
// play is shown with a Resume link and the warning that Fight ends it as a loss (components/battle-in-play.tsx).
// State and actions: ./ctrl.ts. Battle view: pages/battle-view; result screen: pages/combat.
import { TEAM_MAX, TEAM_MIN } from '../../../api/rules.ts';
import { errorText } from '../../api/client.ts';
import { BattleInPlay, endsInPlayTitle } from '../../components/battle-in-play.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { Button, ButtonLink, ErrorBox, Loading, Skeleton } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { LongShotPrompt, perMinuteNote, WinChance, WinPays } from '../../components/win-chance.tsx';
import { useBattleCtrl } from './ctrl.ts';
import './battle.css';

export default function BattlePage() {
  const ctrl = useBattleCtrl();
  const { heroes, inPlay, team, odds, busy, longShot } = ctrl;
  const phone = usePhone();

  if (heroes.isPending || ctrl.readingTeam) {
    return (
      <Loading label="Loading your heroes">
        <div className="battle-start">
          <Skeleton height={34} width="50%" />
          <div className="battle-start__grid">
            {Array.from({ length: phone ? 1 : 3 }, (_, i) => (
              <Skeleton key={i} width={280} height={400} radius={12} />
            ))}
          </div>
        </div>
      </Loading>
    );
  }
  if (heroes.isError) {
    return (
      <section className="battle-start">
        <h1>Start a Battle</h1>
        <ErrorBox>{errorText(heroes.error, 'Failed to fetch heroes')}</ErrorBox>
        <Button variant="secondary" onClick={() => void heroes.refetch()}>
          Retry
        </Button>
      </section>
    );
  }
  if (heroes.data.length === 0) {
    return (
      <section className="battle-start">
        <h1>Start a Battle</h1>
        <div className="empty-state panel">
          <strong>No Heroes Available</strong>
          <p>Create a hero to lead into battle.</p>
          <ButtonLink to="/create">Create Hero</ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <section className="battle-start">
      <header className="page-head">
        <div>
          <h1>Start a Battle</h1>
          <p className="muted battle-start__hint">
            Choose {TEAM_MIN} to {TEAM_MAX} heroes for your team.
          </p>
        </div>
      </header>
      <BattleInPlay inPlay={inPlay} action="Fight" />
      {/* Always there, one card high, so picking the first hero does not move the cards below. */}
      <section
        className="battle-start__encounter panel"
        aria-labelledby="next-encounter"
        data-testid="encounter"
      >
        <h2 id="next-encounter" className="battle-start__encounter-title">
          Next encounter{odds.answer ? <span className="muted"> · {odds.answer.location}</span> : null}
        </h2>
        {!ctrl.oddsQuery ? (
          <p className="battle-start__foes muted">Pick your team to see who you will face.</p>
        ) : odds.answer ? (
          <div className="battle-start__foes" role="group" aria-label="Enemy team">
            {odds.answer.enemies.map((e) => (
              <HeroCard key={e.id} hero={e} size="x-small" />
            ))}
          </div>
        ) : odds.state === 'failed' ? (
          <p className="battle-start__foes muted">
            {errorText(odds.error, 'Could not read your next encounter')}
          </p>
        ) : (
          <div className="battle-start__foes" aria-hidden="true">
            {team.map((id) => (
              <Skeleton key={id} width={150} height={215} radius={12} />
            ))}
          </div>
        )}
        {ctrl.oddsQuery && (
          <div className="battle-start__pays">
            <WinPays odds={odds} label="Quick Battle win:" name="quick" />
            <WinPays
              odds={odds}
              label="Fight win (turn by turn):"
              rewards={(a) => a.win_rewards_turn_based}
              note={perMinuteNote}
              name="turn_based"
            />
          </div>
        )}
      </section>
      <div className="battle-start__grid" role="group" aria-label="Your heroes">
        {heroes.data.map((h) => {
          const order = team.indexOf(h.id);
          return (
            <HeroCard
              key={h.id}
              hero={h}
              size="large"
              selected={order >= 0}
              onClick={() => ctrl.toggle(h.id)}
              className={order < 0 && team.length >= TEAM_MAX ? 'battle-start__locked' : undefined}
            />
          );
        })}
      </div>
      <div className="action-bar battle-start__bar" role="region" aria-label="Team">
        <div className="battle-start__team">
          <span className="battle-start__count tabular" data-testid="team-count">
            {team.length}/{TEAM_MAX}
          </span>
          <span className="muted">{team.length >= TEAM_MAX ? 'Team full' : 'heroes selected'}</span>
        </div>
        <WinChance odds={odds} />
        {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
        <LongShotPrompt longShot={longShot} />
        <div className="battle-start__actions">
          <Button
            variant="secondary"
            onClick={() => void ctrl.start('auto')}
            busy={busy === 'quick'}
            busyText="Battling..."
            disabled={busy !== null || longShot.asking}
            title={busy ? 'A battle is starting' : 'Resolve the battle at once'}
          >
            Quick Battle
          </Button>
          <Button
            onClick={() => void ctrl.start('turn_based')}
            busy={busy === 'fight'}
            busyText="Starting..."
            disabled={busy !== null || longShot.asking}
            title={
              busy ? 'A battle is starting' : (endsInPlayTitle(inPlay) ?? 'Command your heroes turn by turn')
            }
          >
            Fight
          </Button>
        </div>
      </div>
    </section>
  );
}
