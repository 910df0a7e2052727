// Everything on the battle screen explains itself on tap (a phone cannot hover): a status badge, an option's
// action, or a unit. One toast in view above the phone's nav, closable; the words are the server's, written from
// the same data as the rules (the effects registry, the statuses table), and "from whom" comes from the log's facts.
import type { BattleEvent, BattleOption, BattleUnit } from '../../api/index.ts';

export type Explained =
  | { kind: 'status'; unitId: string; statusId: string }
  | { kind: 'option'; optionId: string }
  | { kind: 'unit'; unitId: string };

export const sameExplained = (a: Explained | null, b: Explained): boolean =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

const turnsLeft = (n: number) => `${n} turn${n === 1 ? '' : 's'} left`;

/**
 * Who put a status on a unit: the latest event that gave it in the log — a status or shield event's actor, or the
 * sources a unit starts the battle with it from ('Old Wounds').
 */
export function statusSource(
  events: readonly BattleEvent[],
  unitId: string,
  statusId: string,
  units: readonly BattleUnit[],
): string | null {
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.kind === 'start' && e.target_id === unitId && e.status_id === statusId)
      return e.sources?.map((s) => s.name ?? s.id).join(', ') || 'a trait';
    // A status comes with a 'status' event; a shield with a 'shield' event (status_id 'shield').
    if ((e.kind !== 'status' && e.kind !== 'shield') || e.target_id !== unitId || e.status_id !== statusId)
      continue;
    if (e.actor_id === undefined) return 'a trait';
    if (e.actor_id === unitId) return 'itself';
    return units.find((u) => u.id === e.actor_id)?.name ?? null;
  }
  return null;
}

export function ExplainToast({
  explained,
  units,
  options,
  events,
  onClose,
}: {
  explained: Explained;
  units: readonly BattleUnit[];
  options: readonly BattleOption[];
  events: readonly BattleEvent[];
  onClose: () => void;
}) {
  let icon: string | undefined;
  let body: React.ReactNode = null;
  if (explained.kind === 'status') {
    const unit = units.find((u) => u.id === explained.unitId);
    const status = unit?.status_effects.find((s) => s.id === explained.statusId);
    if (!unit || !status) return null;
    const from = statusSource(events, unit.id, status.id, units);
    icon = status.icon;
    body = (
      <>
        <strong>{status.name}</strong> on {unit.name} · {turnsLeft(status.turns)}
        {from && <> · from {from}</>}
        <br />
        {status.description}
      </>
    );
  } else if (explained.kind === 'option') {
    const option = options.find((o) => o.id === explained.optionId);
    if (!option) return null;
    body = (
      <>
        <strong>{option.label}</strong>
        <br />
        {option.detail}
        <br />
        <span className="muted">{option.description}</span>
      </>
    );
  } else {
    const unit = units.find((u) => u.id === explained.unitId);
    if (!unit) return null;
    icon = unit.portrait_url;
    body = (
      <>
        <strong>{unit.name}</strong> · Lv {unit.level} {unit.race} {unit.class} ({unit.type})
        <br />
        {unit.is_dead
          ? 'Defeated'
          : `${unit.stats.hp}/${unit.stats.max_hp} HP${unit.shield > 0 ? ` · shield ${unit.shield}` : ''} · energy ${unit.energy}/${unit.max_energy} · attack ${unit.stats.atk} · defence ${unit.stats.def} · speed ${unit.stats.spd}`}
        {unit.status_effects.map((s) => {
          const from = statusSource(events, unit.id, s.id, units);
          return (
            <span key={s.id} className="battle-explain__line">
              {s.name} ({turnsLeft(s.turns)}
              {from ? `, from ${from}` : ''})
            </span>
          );
        })}
      </>
    );
  }
  return (
    <div
      className="banner banner--toast battle-explain"
      role="status"
      data-testid={`${explained.kind}-explain`}
    >
      {icon && <img src={icon} alt="" width={24} height={24} />}
      <div className="banner__text">{body}</div>
      <button type="button" className="battle-explain__close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
