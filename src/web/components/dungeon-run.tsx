// A dungeon run in words, so every fight has one clear path: what the next floor is ('Floor 5 of 5 — the boss'),
// that Fight Again on a finished run starts over ('New run from floor 1'), which run a new start ends ('Your run
// in The Void Sanctum, floor 3 of 5, will end'), and a button with its caption underneath. A run's state comes
// from the server (api/hooks.ts useDungeonRun, useActiveRun). Used by pages/dungeons, dungeon-detail, combat and
// the team picker; styles in ./dungeon-run.css.
import { Moment } from './moment.tsx';
import { useId, type ReactNode } from 'react';
import type { DungeonRun, PlayerTier } from '../../api/index.ts';
import { Icon } from './icon.tsx';
import { errorText } from '../api/client.ts';
import { useActiveRun, useFieldedTeam, useMyHeroes } from '../api/hooks.ts';
import './dungeon-run.css';

type RunPlace = Pick<DungeonRun, 'floor' | 'floors'>;

export const NEW_RUN_TEXT = 'New run from floor 1';

export const isBossFloor = (run: RunPlace): boolean => run.floor >= run.floors;

/** The floor a run fights next: 'Floor 3 of 5', or 'Floor 5 of 5 — the boss'. */
export function nextFloorText(run: RunPlace): string {
  return `Floor ${run.floor} of ${run.floors}${isBossFloor(run) ? ' — the boss' : ''}`;
}

/** Where a run is, named with its dungeon and tier: 'Whispering Woods · Tier 3 · Floor 2 of 3'. */
export function runPlaceText(run: Pick<DungeonRun, 'dungeon_name' | 'tier' | 'floor' | 'floors'>): string {
  return `${run.dungeon_name} · Tier ${run.tier} · Floor ${Math.min(run.floor, run.floors)} of ${run.floors}`;
}

/** The deepest tier the player has opened of a dungeon (1 while their tiers are unread). */
export function deepestOpenTier(tiers: readonly PlayerTier[] | undefined): number {
  return Math.max(1, ...(tiers ?? []).filter((t) => t.open).map((t) => t.tier));
}

/** Said before a new start ends the player's active run (the client always sends abandon_active). */
export function runEndsText(run: Pick<DungeonRun, 'dungeon_name' | 'floor' | 'floors'>): string {
  return `Your run in ${run.dungeon_name}, floor ${run.floor} of ${run.floors}, will end`;
}

/** Where a run stands, in one line. */
export function runStateText(run: DungeonRun): string {
  switch (run.status) {
    case 'active':
      return `Next: floor ${run.floor} of ${run.floors}${isBossFloor(run) ? ' — the boss' : ''}`;
    case 'cleared':
      return 'Dungeon cleared!';
    case 'failed':
      return 'The run has ended.';
    default:
      return 'This run has ended: a new run was started.';
  }
}

/** A button with what it does written under it; the caption also describes the button to screen readers. */
export function CaptionedAction({
  caption,
  children,
}: {
  caption: ReactNode;
  children: (describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="captioned">
      {children(id)}
      <span id={id} className="captioned__text" data-testid="action-caption">
        {caption}
      </span>
    </div>
  );
}

/** What happened meanwhile (a floor fought in another tab): informative, not an error; stays until dismissed. */
export function RunNotice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="run-notice" role="status" data-testid="run-notice">
      <Icon name="sparkles" size={18} className="run-notice__icon" />
      <span className="run-notice__text" data-testid="run-notice-text">
        {children}
      </span>
      <button type="button" className="icon-btn" onClick={onDismiss} aria-label="Dismiss notice">
        <Icon name="cross" size={16} />
      </button>
    </div>
  );
}

/**
 * The moments of a run (components/moment.tsx): a won fight that cleared the dungeon, or that leaves the boss
 * next. Nothing otherwise.
 */
export function RunMoment({
  run,
  won,
  place,
}: {
  run: RunPlace & { status: string };
  won: boolean;
  place: string;
}) {
  if (!won) return null;
  if (run.status === 'cleared')
    return (
      <Moment kind="cleared" title="Dungeon cleared!">
        {place} is conquered: the clear bonus is in your rewards.
      </Moment>
    );
  if (run.status === 'active' && isBossFloor(run))
    return (
      <Moment kind="boss" title="The boss awaits">
        {nextFloorText(run)}: the strongest foes of {place}.
      </Moment>
    );
  return null;
}

/**
 * The team picker of a dungeon entry (/dungeons and a dungeon's page): the player's heroes, read once it opens, the
 * team it starts from (session.ts fieldedTeam: the last one fought with, else the strongest four; the cards wait for
 * it), and which active run a new start would end. `active` is that run's query.
 */
export function useDungeonPicker(userId: string, open: boolean) {
  const heroes = useMyHeroes(open ? userId : undefined);
  const first = useFieldedTeam(open ? userId : undefined, null, heroes.data);
  const active = useActiveRun(userId);
  return {
    active,
    picker: {
      heroes: heroes.data,
      loading: heroes.isPending || first.reading,
      loadError: heroes.isError ? errorText(heroes.error, 'Failed to fetch heroes') : null,
      initial: first.team,
      warning: active.data ? runEndsText(active.data) : null,
    },
  };
}
