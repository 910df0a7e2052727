// /dungeons — the dungeon list: cards with art, difficulty badge, up to 4 NPC portraits then '+N',
// recommended level, NPC count, description and 'Nx' rewards; Enter Dungeon opens the team picker
// (components/team-picker.tsx, numbered; it says which active run a new start ends), then starts a run and its
// first battle and opens /combat. The card of the dungeon holding the player's active run offers to continue it.
// The dungeons a campaign stage has opened come first; the others say which stage opens them (issue 30) and can
// still be entered. State and dungeon entry: ./ctrl.ts. Detail page: pages/dungeon-detail.
import { Link } from 'react-router';
import type { Dungeon, DungeonRun } from '../../../api/index.ts';
import { errorText } from '../../api/client.ts';
import { nextFloorText } from '../../components/dungeon-run.tsx';
import { TeamPicker } from '../../components/team-picker.tsx';
import { inOpeningOrder, opensWith, OpensWithBadge } from '../../components/unlock-order.tsx';
import { Button, DifficultyBadge, ErrorBox, Loading, RetryPanel, Skeleton } from '../../components/ui.tsx';
import { counted } from '../../components/format.ts';
import { useDungeonsCtrl } from './ctrl.ts';
import './dungeons.css';

export const MAX_PORTRAITS = 4;

/** '1.5x' — the rewards multiplier as the cards show it. */
export const multiplierText = (m: number): string => `${Number.isInteger(m) ? m : Number(m.toFixed(2))}x`;

export function NpcPortraits({ dungeon }: { dungeon: Dungeon }) {
  const shown = dungeon.npcs.slice(0, MAX_PORTRAITS);
  const more = dungeon.npcs.length - shown.length;
  return (
    <ul className="npc-portraits" aria-label={counted(dungeon.npcs.length, 'enemy', 'enemies')}>
      {shown.map((n) => (
        <li
          key={n.id}
          className={`npc-portraits__one rarity-border-${n.rarity}`}
          title={`NPC: ${n.name}`}
          data-hero-id={n.id}
        >
          <img
            src={n.portrait_url}
            alt={`NPC: ${n.name}`}
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
      {more > 0 && (
        <li className="npc-portraits__more tabular" data-testid="npc-overflow">
          +{more}
        </li>
      )}
    </ul>
  );
}

function DungeonCard({
  dungeon,
  run,
  opens,
  busy,
  disabled,
  onEnter,
  tier,
}: {
  dungeon: Dungeon;
  /** the campaign stage that opens it, while it has not (the dungeon is not refused meanwhile) */
  opens: string | null;
  /** The player's active run, when it is in this dungeon: it continues on the detail page. */
  run: DungeonRun | null;
  /** the tier Enter Dungeon fights: the deepest the player has opened */
  tier: number;
  busy: boolean;
  disabled: boolean;
  onEnter: () => void;
}) {
  const to = `/dungeons/${encodeURIComponent(dungeon.id)}`;
  return (
    <article className={`dungeon-card dungeon-card--${dungeon.difficulty}`} data-dungeon-id={dungeon.id}>
      {/* Named by its content (WCAG 2.5.3: the name holds the visible text), led by where it goes. */}
      <Link to={to} className="dungeon-card__art">
        <span className="visually-hidden">{dungeon.name} details:</span>
        <img src={dungeon.image_url} alt="" loading="lazy" decoding="async" />
        <span className="dungeon-card__badge">
          <DifficultyBadge difficulty={dungeon.difficulty} />
        </span>
        <span className="dungeon-card__mult tabular" title="Rewards multiplier">
          {multiplierText(dungeon.rewards_multiplier)}
        </span>
      </Link>
      <div className="dungeon-card__body">
        <h2 className="dungeon-card__name">
          <Link to={to}>{dungeon.name}</Link>
        </h2>
        {opens && <OpensWithBadge stageId={opens} />}
        <p className="dungeon-card__facts tabular">
          <span>Level {dungeon.level_recommendation}</span>
          <span aria-hidden="true">·</span>
          <span data-testid="card-tier">
            Tier {tier} of {dungeon.tiers.length}
          </span>
          <span aria-hidden="true">·</span>
          <span>{counted(dungeon.npc_count, 'NPC')}</span>
          <span aria-hidden="true">·</span>
          <span>{multiplierText(dungeon.rewards_multiplier)} rewards</span>
        </p>
        <NpcPortraits dungeon={dungeon} />
        <p className="dungeon-card__desc">{dungeon.description}</p>
        {run && (
          <Link to={to} className="dungeon-card__run" data-testid="continue-run">
            <span>
              Your run: <strong>{nextFloorText(run)}</strong>
            </span>
            <span className="dungeon-card__run-go">Continue ›</span>
          </Link>
        )}
        <Button
          block
          onClick={onEnter}
          busy={busy}
          busyText="Battling..."
          disabled={disabled}
          title={
            disabled && !busy ? 'Another dungeon battle is under way' : `Choose a team for ${dungeon.name}`
          }
        >
          Enter Dungeon
        </Button>
      </div>
    </article>
  );
}

export default function DungeonsPage() {
  const ctrl = useDungeonsCtrl();
  const { dungeons, picking, entering } = ctrl;

  return (
    <section className="dungeons">
      <header className="page-head">
        <div>
          <h1>Dungeons</h1>
          <p className="muted dungeons__lead">
            Lead up to four heroes floor by floor to the boss. Harder depths pay more.
          </p>
        </div>
      </header>
      {ctrl.error && <ErrorBox onDismiss={ctrl.dismissError}>{ctrl.error}</ErrorBox>}
      {dungeons.isPending ? (
        <Loading label="Loading dungeons">
          <div className="dungeons__grid">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={420} radius={14} />
            ))}
          </div>
        </Loading>
      ) : dungeons.isError ? (
        <RetryPanel
          message={errorText(dungeons.error, 'Failed to fetch dungeons')}
          onRetry={() => void dungeons.refetch()}
          retrying={dungeons.isFetching}
        />
      ) : dungeons.data.length === 0 ? (
        <div className="empty-state panel">
          <strong>No Dungeons Available</strong>
          <p>Check back soon!</p>
        </div>
      ) : (
        <div className="dungeons__grid">
          {inOpeningOrder(dungeons.data, ctrl.unlocks).map((d) => (
            <DungeonCard
              key={d.id}
              dungeon={d}
              opens={opensWith(ctrl.unlocks, d.id)}
              busy={entering === d.id}
              disabled={entering !== null}
              run={ctrl.runIn(d)}
              tier={ctrl.tierOf(d)}
              onEnter={() => ctrl.pick(d)}
            />
          ))}
        </div>
      )}
      {picking && (
        <TeamPicker
          variant="list"
          {...ctrl.picker}
          onCancel={ctrl.stopPicking}
          odds={{ userId: ctrl.userId, dungeonId: picking.id, tier: ctrl.tierOf(picking) }}
          onConfirm={(team) => ctrl.enter(picking, team)}
        />
      )}
    </section>
  );
}
