// One side of a battlefield (Enemies, Your Team): its title with how many still stand, and a tile per fighter with
// the playback's frame on it. The turn-based battle view and the replay page both draw their sides with it; aiming
// and explaining are the battle view's (the replay leaves them out).
import type { BattleUnit } from '../../api/index.ts';
import type { PlaybackFrame } from './battle-playback.ts';
import { BattleUnitTile } from './battle-unit.tsx';

const NO_FLOATERS: PlaybackFrame['floaters'] = [];
const lastFloaters = new Map<string, PlaybackFrame['floaters']>();

/** One unit's floating numbers, the same array while they do not change, so untouched tiles skip re-rendering. */
function floatersOf(frame: PlaybackFrame, unitId: string): PlaybackFrame['floaters'] {
  const mine = frame.floaters.filter((f) => f.unitId === unitId);
  if (mine.length === 0) return NO_FLOATERS;
  const before = lastFloaters.get(unitId);
  if (before && before.length === mine.length && before.every((f, i) => f.key === mine[i]!.key))
    return before;
  lastFloaters.set(unitId, mine);
  return mine;
}

/** Who may be aimed at (units some pending option can reach), who is, and how to aim. */
export interface Aiming {
  aimable: ReadonlySet<string>;
  aim: string | null;
  onAim: (unitId: string) => void;
}

export function BattleSide({
  title,
  units,
  frame,
  actorId,
  aiming,
  onExplain,
  onExplainUnit,
}: {
  title: string;
  units: BattleUnit[];
  frame: PlaybackFrame;
  actorId: string | null;
  aiming?: Aiming;
  onExplain?: (unitId: string, statusId: string) => void;
  onExplainUnit?: (unitId: string) => void;
}) {
  const alive = units.filter((u) => !(frame.units?.[u.id]?.dead ?? u.is_dead)).length;
  return (
    <section
      className={`battle-side battle-side--${units[0]?.is_ally ? 'allies' : 'enemies'}`}
      aria-label={title}
    >
      <h2 className="battle-side__title">
        {title}
        <span className="battle-side__count tabular">
          {alive}/{units.length}
        </span>
      </h2>
      <ul className="battle-side__units" data-count={units.length}>
        {units.map((u) => (
          <BattleUnitTile
            key={u.id}
            unit={u}
            shown={frame.units?.[u.id]}
            acting={actorId === u.id}
            motion={frame.motions[u.id]}
            floaters={floatersOf(frame, u.id)}
            stepMs={frame.stepMs}
            onAim={aiming?.aimable.has(u.id) ? aiming.onAim : undefined}
            aimed={aiming?.aim === u.id}
            onExplain={onExplain}
            onExplainUnit={onExplainUnit}
          />
        ))}
      </ul>
    </section>
  );
}
