// The guild's boss of the week, for its members: its name, level and shared health, when the week ends, the player's
// attacks left today and damage this week; a team of 1–TEAM_MAX of the player's heroes (the live screens' picker,
// components/live-team.tsx; the remembered team first, else the strongest four) with its expected damage (GET
// /api/guilds/{id}/boss with hero_ids), Attack, and the attack's result — its damage, the health after, what it
// paid, the kill — with its replay (held by the guild page, ./index.tsx, so that the boss read again after a kill
// does not take it away); what an attack and a kill pay; and the guild's members by damage this week. Part of
// pages/guild.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BOSS_ATTACKS_A_DAY, TEAM_MAX } from '../../../api/rules.ts';
import * as api from '../../api/client.ts';
import { useFieldedTeam, useMyHeroes } from '../../api/hooks.ts';
import { useExpectedDamage, useGuildBoss } from '../../api/guild-hooks.ts';
import type { PayingWrite } from '../../api/writes/core.ts';
import { BossHealth, GuildRewards, sentence } from '../../components/guild-parts.tsx';
import { LiveTeamPick, togglePick } from '../../components/live-team.tsx';
import { counted, formatNumber } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { timeLeftText, useNow } from '../../components/time-words.ts';
import { Button, ButtonLink, ErrorBox, RetryPanel, Skeleton } from '../../components/ui.tsx';
import { saveActiveTeam } from '../../session.ts';

/** The last attack's result, as the guild page holds it: the boss it struck by name (a kill opens the next one). */
export interface LastAttack {
  attack: api.GuildAttack;
  bossName: string;
}

function AttackResult({
  result,
  bossName,
  onDismiss,
}: {
  result: api.GuildAttack;
  bossName: string;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // (in braces: Chromium's scrollIntoView answers a promise, which React would take for the effect's cleanup)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result.battle_id]);
  return (
    <div
      ref={ref}
      className={`boss-result panel${result.killed ? ' boss-result--killed' : ''}`}
      role="status"
      data-testid="attack-result"
      data-killed={result.killed}
    >
      {result.killed && (
        <div className="boss-result__killed" data-testid="boss-killed">
          <strong>Killed!</strong>
          <span>{bossName} falls: the next, stronger boss has risen.</span>
        </div>
      )}
      <p className="boss-result__damage">
        Your team dealt <strong className="tabular">{formatNumber(result.damage)}</strong> damage
      </p>
      <p className="muted tabular">
        {result.killed ? 'Its health fell to 0.' : `Its health is now ${formatNumber(result.hp_after)}.`}{' '}
        {result.attacks_left > 0
          ? `${counted(result.attacks_left, 'attack', 'attacks')} left today.`
          : 'No attacks left today.'}
      </p>
      <GuildRewards rewards={result.rewards} label="What the attack paid" />
      <div className="row">
        <ButtonLink to={`/replay/${encodeURIComponent(result.battle_id)}`} variant="secondary">
          Watch the attack
        </ButtonLink>
        <Button variant="ghost" onClick={onDismiss} data-testid="attack-result-dismiss">
          Dismiss
        </Button>
      </div>
    </div>
  );
}

/** What an attack pays by its damage (the highest tier it reaches), and what a kill pays each member who attacked. */
function BossPays({ boss }: { boss: api.GuildBoss }) {
  return (
    <details className="boss-pays">
      <summary>What an attack pays</summary>
      <ul className="boss-pays__tiers">
        {boss.tiers.map((t) => (
          <li key={t.damage}>
            <span className="tabular boss-pays__from">
              {t.damage === 0 ? 'Any damage' : `${formatNumber(t.damage)}+ damage`}
            </span>
            <GuildRewards rewards={t.rewards} label={`Paid from ${formatNumber(t.damage)} damage`} />
          </li>
        ))}
      </ul>
      <p className="muted">When the boss falls, every member who attacked it this week is paid once:</p>
      <GuildRewards rewards={boss.kill_rewards} label="The kill reward" />
    </details>
  );
}

function DamageRanking({ boss, userId }: { boss: api.GuildBoss; userId: string }) {
  if (boss.ranking.length === 0)
    return <p className="muted">No one has attacked this week yet: be the first.</p>;
  return (
    <ol className="boss-ranking" aria-label="Damage this week">
      {boss.ranking.map((r, i) => (
        <li
          key={r.user_id}
          className={r.user_id === userId ? 'boss-ranking__me' : undefined}
          data-testid="damage-rank"
        >
          <span className="boss-ranking__rank tabular">{i + 1}</span>
          <span className="boss-ranking__name">{r.username}</span>
          <span className="tabular">{formatNumber(r.damage)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The boss panel. The attack and its last result are the guild page's (`attack`, `result`, `onResult`): the panel is
 * drawn again when the boss and the guild are read after an attack (a kill opens the next boss), and on a phone each
 * time its tab opens, while the attack's answer and its result stay until the player dismisses it or attacks again.
 */
export function BossPanel({
  guildId,
  userId,
  attack,
  result,
  onResult,
}: {
  guildId: string;
  userId: string;
  attack: PayingWrite<api.GuildAttack, string[]>;
  result: LastAttack | null;
  onResult: (result: LastAttack | null) => void;
}) {
  const boss = useGuildBoss(guildId, userId, true);
  const heroes = useMyHeroes(userId);
  const now = useNow(30_000);
  const [picked, setPicked] = useState<string[] | null>(null);
  const fielded = useFieldedTeam(userId, picked, heroes.data);
  const team = fielded.team;
  const expected = useExpectedDamage(guildId, userId, team, boss.data?.level);

  if (boss.isPending)
    return (
      <section className="guild-boss panel" aria-busy="true">
        <Skeleton height={160} />
        <Skeleton height={220} />
      </section>
    );
  const b = boss.data;
  // (a read again that failed keeps the boss as last read: only a first read that failed has nothing to show)
  if (b === undefined)
    return (
      <RetryPanel
        message={api.errorText(boss.error, 'Failed to fetch the boss')}
        onRetry={() => void boss.refetch()}
        retrying={boss.isFetching}
      />
    );
  const noAttacks = b.attacks_left <= 0;
  const why =
    team.length === 0
      ? `Pick 1–${TEAM_MAX} heroes first`
      : noAttacks
        ? `No attacks left today: they come back in ${timeLeftText(b.day_ends_at, now)}`
        : undefined;
  const onAttack = () => {
    saveActiveTeam(userId, team);
    onResult(null);
    attack.mutate(team, { onSuccess: (a) => onResult({ attack: a, bossName: b.name }) });
  };
  return (
    <section
      className="guild-boss"
      aria-labelledby="guild-boss"
      data-testid="guild-boss"
      data-level={b.level}
    >
      <div className="boss-card panel">
        <div className="boss-card__art" aria-hidden="true">
          <Icon name="boss" size={64} />
        </div>
        <div className="boss-card__who">
          <span className="boss-card__level">Boss of the week · Level {b.level}</span>
          <h2 id="guild-boss">{b.name}</h2>
        </div>
        <div className="boss-card__health">
          <BossHealth boss={b} size="large" />
        </div>
        <dl className="boss-card__facts tabular">
          <div>
            <dt>Week ends in</dt>
            <dd data-testid="week-ends">{timeLeftText(b.ends_at, now)}</dd>
          </div>
          <div>
            <dt>Attacks left today</dt>
            <dd data-testid="attacks-left">
              {b.attacks_left}/{BOSS_ATTACKS_A_DAY}
            </dd>
          </div>
          <div>
            <dt>Your damage</dt>
            <dd data-testid="my-damage">{formatNumber(b.my_damage)}</dd>
          </div>
          <div>
            <dt>Killed this week</dt>
            <dd>{formatNumber(b.week_kills)}</dd>
          </div>
        </dl>
      </div>

      {result && (
        <AttackResult result={result.attack} bossName={result.bossName} onDismiss={() => onResult(null)} />
      )}

      <div className="boss-team panel">
        <div className="row row--spread">
          <h3>Your team</h3>
          <span className="live-pick__count tabular" data-testid="pick-count">
            {team.length}/{TEAM_MAX} picked
          </span>
        </div>
        {heroes.isError ? (
          <ErrorBox>{api.errorText(heroes.error, 'Failed to fetch your heroes')}</ErrorBox>
        ) : !heroes.isPending && (heroes.data ?? []).length === 0 ? (
          <p className="muted">
            You have no heroes yet. <Link to="/create">Summon one</Link> to fight the boss.
          </p>
        ) : (
          <LiveTeamPick
            heroes={heroes.data ?? []}
            loading={heroes.isPending || fielded.reading}
            picked={team}
            max={TEAM_MAX}
            onToggle={(id) => setPicked(togglePick(team, id, TEAM_MAX))}
          />
        )}
        <div className="action-bar boss-attack">
          <div className="boss-attack__expected" data-testid="expected-damage" aria-live="polite">
            <span className="muted">Expected damage</span>
            <strong className="tabular">
              {team.length === 0
                ? '—'
                : expected.data == null
                  ? expected.isFetching
                    ? 'Estimating...'
                    : '—'
                  : formatNumber(expected.data)}
            </strong>
          </div>
          <Button
            onClick={onAttack}
            busy={attack.isPending}
            busyText="Attacking..."
            disabled={!!why}
            title={why}
            data-testid="attack-boss"
          >
            <Icon name="atk" size={18} /> Attack
          </Button>
        </div>
        {team.length > 0 && expected.data === 0 && (
          <p className="muted boss-attack__note" data-testid="no-damage-expected">
            This team is not expected to hurt the boss: train your heroes, or pick stronger ones.
          </p>
        )}
        {attack.failure && <ErrorBox onDismiss={attack.reset}>{sentence(attack.failure)}</ErrorBox>}
        <BossPays boss={b} />
      </div>

      <div className="panel">
        <h3>Damage this week</h3>
        <DamageRanking boss={b} userId={userId} />
      </div>
    </section>
  );
}
