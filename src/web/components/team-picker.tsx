// The dungeon team picker (a modal): 'Select Your Team', 'Choose up to 4 heroes', the selected count and 'Maximum
// reached', a numbered selection order on the dungeon list variant, the empty texts, Cancel and 'Confirm Team (N)'.
// A fifth pick is ignored; picking a chosen hero drops it. `initial` is the starting selection (./dungeon-run.tsx
// useDungeonPicker: the remembered team, else the strongest four). Given `odds`, the win chance of the first floor
// with the chosen team updates as heroes are picked, and a long shot asks once before Confirm (./win-chance.tsx); a
// `warning` above Confirm Team says what confirming also ends (the player's active run). Used by pages/dungeons and
// pages/dungeon-detail; styles in ./team-picker.css.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Hero } from '../../api/index.ts';
import { TEAM_MAX, TEAM_RULES } from '../../api/rules.ts';
import { useOdds } from '../api/hooks.ts';
import { HeroCard } from './hero-card.tsx';
import { chanceBeforeFight, LongShotPrompt, useLongShot, WinChance, WinPays } from './win-chance.tsx';
import { ButtonLink, Button, ErrorBox, Modal, Skeleton } from './ui.tsx';
import './team-picker.css';

/** A team is 1 to 4 heroes (api/rules.ts); a fifth pick is ignored; picking a chosen hero drops it. Pick order kept. */
export function toggleTeamMember(team: string[], heroId: string): string[] {
  if (team.includes(heroId)) return team.filter((id) => id !== heroId);
  if (team.length >= TEAM_MAX) return team;
  return [...team, heroId];
}

export interface TeamPickerProps {
  heroes: Hero[] | undefined;
  /** The heroes or the starting team are being read: skeletons stand where the cards will, none is pickable yet. */
  loading?: boolean;
  loadError?: string | null;
  /** Starting selection (the remembered team, else the strongest four); ids not among `heroes` are dropped. */
  initial: string[];
  /** 'list' numbers the picks (the dungeon list); 'detail' shows check marks. */
  variant: 'list' | 'detail';
  onCancel: () => void;
  onConfirm: (teamHeroIds: string[]) => void;
  /** The dungeon (and tier) whose first floor the team would fight: its win chance is shown as heroes are picked. */
  odds?: { userId: string; dungeonId: string; tier: number };
  /** Said above Confirm Team: what confirming also does (ending the active run, components/dungeon-run.tsx). */
  warning?: string | null;
}

export function TeamPicker({
  heroes,
  loading,
  loadError,
  initial,
  variant,
  onCancel,
  onConfirm,
  odds,
  warning,
}: TeamPickerProps) {
  const owned = useMemo(() => new Set((heroes ?? []).map((h) => h.id)), [heroes]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const team = (picked ?? initial).filter((id) => owned.has(id)).slice(0, TEAM_MAX);
  const [error, setError] = useState<string | null>(null);
  const full = team.length >= TEAM_MAX;
  const client = useQueryClient();
  const oddsQuery =
    odds && team.length > 0
      ? {
          user_id: odds.userId,
          kind: 'dungeon' as const,
          dungeon_id: odds.dungeonId,
          team: team.join(','),
          tier: odds.tier,
        }
      : null;
  const chance = useOdds(oddsQuery);
  const longShot = useLongShot();

  const toggle = (heroId: string) => {
    setError(null);
    longShot.dismiss();
    setPicked(toggleTeamMember(team, heroId));
  };
  const confirm = async () => {
    if (team.length === 0) {
      setError(TEAM_RULES.dungeonEmpty);
      return;
    }
    const chosen = team;
    if (!oddsQuery) return onConfirm(chosen);
    longShot.check(await chanceBeforeFight(client, oddsQuery), () => onConfirm(chosen));
  };

  const empty = !loading && !loadError && heroes && heroes.length === 0;
  return (
    <Modal
      title="Select Your Team"
      subtitle={`Choose up to ${TEAM_MAX} heroes`}
      onClose={onCancel}
      className="team-picker"
      footer={
        <>
          {warning && !empty && (
            <p className="team-picker__warning" role="status" data-testid="run-warning">
              {warning}
            </p>
          )}
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          {/* Both buttons always: with no heroes, Confirm Team (0) shows, disabled. */}
          <Button
            onClick={() => void confirm()}
            disabled={longShot.asking || !!empty}
            data-testid="confirm-team"
          >
            Confirm Team ({team.length})
          </Button>
        </>
      }
    >
      <div className="team-picker__status" aria-live="polite">
        <span className="team-picker__count tabular" data-testid="team-count">
          {team.length}/{TEAM_MAX} selected
        </span>
        {full && <span className="team-picker__max">Maximum reached</span>}
        {oddsQuery && (
          <span className="team-picker__odds">
            <WinChance odds={chance} />
            {chance.answer?.floor !== undefined && (
              <span className="muted">
                {chance.answer.tier !== undefined && `Tier ${chance.answer.tier} · `}Floor{' '}
                {chance.answer.floor} of {chance.answer.floors}
              </span>
            )}
          </span>
        )}
      </div>
      {oddsQuery && <WinPays odds={chance} className="team-picker__pays" />}
      <LongShotPrompt longShot={longShot} />
      {error && <ErrorBox onDismiss={() => setError(null)}>{error}</ErrorBox>}
      {loadError && <ErrorBox>{loadError}</ErrorBox>}
      {loading && (
        <div className="team-picker__grid" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} width={150} height={215} radius={12} />
          ))}
        </div>
      )}
      {empty && (
        <div className="empty-state">
          <strong>No heroes available</strong>
          <p>Create a hero first to enter dungeons</p>
          <ButtonLink to="/create">Create Hero</ButtonLink>
        </div>
      )}
      {/* Not while the starting team is read: a card picked then would flip when the team comes. */}
      {!loading && heroes && heroes.length > 0 && (
        <div className="team-picker__grid" role="group" aria-label="Your heroes">
          {heroes.map((h) => {
            const order = team.indexOf(h.id);
            const selected = order >= 0;
            return (
              <HeroCard
                key={h.id}
                hero={h}
                size="x-small"
                selected={selected}
                selectionOrder={variant === 'list' && selected ? order + 1 : undefined}
                onClick={() => toggle(h.id)}
                className={!selected && full ? 'team-picker__locked' : undefined}
              />
            );
          })}
        </div>
      )}
    </Modal>
  );
}
