// One fighter on the battlefield of /battle/{battleId}: portrait, name, HP bar (with shield), energy bar,
// status badges with icons, Defeated when fallen, a highlight when acting. Motions (lunge, shake, heal glow)
// run through the Web Animations API on transform/opacity only, so playback never re-lays out the page;
// floating numbers are CSS animations. Frames come from ./battle-playback.ts; styles in ./battle-unit.css.
import { memo, useEffect, useRef } from 'react';
import type { BattleUnit as BattleUnitData } from '../../api/index.ts';
import type { Floater, UnitMotion, UnitShown } from './battle-playback.ts';
import './battle-unit.css';

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function playMotion(el: HTMLElement, motion: UnitMotion, isAlly: boolean, stepMs: number): void {
  if (reducedMotion() || stepMs <= 0 || typeof el.animate !== 'function') return;
  const duration = Math.max(120, stepMs * 0.9);
  if (motion.kind === 'lunge') {
    const dy = isAlly ? -14 : 14;
    el.animate(
      [
        { transform: 'translateY(0) scale(1)' },
        { transform: `translateY(${dy}px) scale(1.06)`, offset: 0.4 },
        { transform: 'translateY(0) scale(1)' },
      ],
      { duration, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
    );
  } else if (motion.kind === 'hit') {
    el.animate(
      [
        { transform: 'translateX(0)' },
        { transform: 'translateX(-6px) rotate(-1.5deg)', offset: 0.2 },
        { transform: 'translateX(5px) rotate(1deg)', offset: 0.45 },
        { transform: 'translateX(-3px)', offset: 0.7 },
        { transform: 'translateX(0)' },
      ],
      { duration: Math.min(duration, 360), easing: 'ease-out' },
    );
  } else {
    el.animate(
      [
        { filter: 'brightness(1)' },
        { filter: 'brightness(1.35)', offset: 0.35 },
        { filter: 'brightness(1)' },
      ],
      { duration },
    );
  }
}

export interface BattleUnitProps {
  unit: BattleUnitData;
  /** hp/shield/dead as shown during playback (else the unit's own). */
  shown?: UnitShown;
  acting: boolean;
  motion?: UnitMotion;
  floaters: Floater[];
  stepMs: number;
  /** While the player chooses: tapping the unit aims the options at it (undefined: not a target now). */
  onAim?: (unitId: string) => void;
  aimed?: boolean;
  /** Tapping (or focusing and pressing) a status badge asks for its explanation. */
  onExplain?: (unitId: string, statusId: string) => void;
  /** Tapping the unit when it is not a target to aim at asks for its explanation (name, figures, statuses). */
  onExplainUnit?: (unitId: string) => void;
}

export const BattleUnitTile = memo(function BattleUnitTile({
  unit,
  shown,
  acting,
  motion,
  floaters,
  stepMs,
  onAim,
  aimed = false,
  onExplain,
  onExplainUnit,
}: BattleUnitProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const hp = shown?.hp ?? unit.stats.hp;
  const shield = shown?.shield ?? unit.shield;
  const dead = shown?.dead ?? unit.is_dead;
  const maxHp = Math.max(1, unit.stats.max_hp);
  const hpRatio = Math.max(0, Math.min(1, hp / maxHp));
  const shieldRatio = Math.max(0, Math.min(1, shield / maxHp));
  const energyRatio = unit.max_energy > 0 ? Math.max(0, Math.min(1, unit.energy / unit.max_energy)) : 0;
  const hpTone = hpRatio > 0.5 ? 'high' : hpRatio > 0.25 ? 'mid' : 'low';

  // A motion object is new only when a new motion starts (battle-playback.ts keeps the others), so it plays once.
  const stepRef = useRef(stepMs);
  stepRef.current = stepMs;
  const isAlly = unit.is_ally;
  useEffect(() => {
    if (motion && bodyRef.current) playMotion(bodyRef.current, motion, isAlly, stepRef.current);
  }, [motion, isAlly]);

  return (
    <li
      className={`battle-unit${unit.is_ally ? ' battle-unit--ally' : ' battle-unit--enemy'}${dead ? ' battle-unit--dead' : ''}${acting ? ' battle-unit--acting' : ''}${aimed ? ' battle-unit--aimed' : ''}`}
      data-unit-id={unit.id}
      data-hero-id={unit.id}
      data-dead={dead ? 'true' : 'false'}
      data-acting={acting ? 'true' : undefined}
      data-aimed={aimed ? 'true' : undefined}
      style={{ '--hp-ms': `${Math.round(stepMs * 0.8)}ms` } as React.CSSProperties}
      aria-label={`${unit.name}, ${dead ? 'Defeated' : `${hp} of ${unit.stats.max_hp} HP`}${acting ? ', acting' : ''}`}
    >
      <div className="battle-unit__body" ref={bodyRef}>
        {onAim && !dead ? (
          <button
            type="button"
            className="battle-unit__aim"
            aria-pressed={aimed}
            aria-label={aimed ? `Aiming at ${unit.name}` : `Aim at ${unit.name}`}
            data-testid="aim-unit"
            onClick={() => onAim(unit.id)}
          />
        ) : (
          onExplainUnit && (
            <button
              type="button"
              className="battle-unit__aim battle-unit__about"
              aria-label={`About ${unit.name}`}
              data-testid="explain-unit"
              onClick={() => onExplainUnit(unit.id)}
            />
          )
        )}
        <div className={`battle-unit__portrait rarity-${Math.min(5, Math.max(1, unit.rarity))}`}>
          <img src={unit.portrait_url} alt="" width={96} height={96} decoding="async" draggable={false} />
          {acting && !dead && <span className="battle-unit__acting-mark" aria-hidden="true" />}
          {dead && <span className="battle-unit__defeated">Defeated</span>}
          <div className="battle-unit__floaters" aria-hidden="true">
            {floaters.map((f) => (
              <span
                key={f.key}
                className={`floater floater--${f.tone}`}
                style={{ '--float-ms': `${Math.max(500, stepMs * 2.2)}ms` } as React.CSSProperties}
              >
                {f.text}
              </span>
            ))}
          </div>
        </div>
        <div className="battle-unit__name" title={`${unit.name} · Lv ${unit.level} ${unit.class}`}>
          <span>{unit.name.split(' ')[0]}</span>
          <span className="battle-unit__surname">{unit.name.slice(unit.name.split(' ')[0]!.length)}</span>
        </div>
        <div className="battle-unit__class">
          Lv {unit.level} {unit.class}
        </div>
        <div
          className="battle-bar battle-bar--hp"
          data-tone={hpTone}
          role="meter"
          aria-label="Health"
          aria-valuemin={0}
          aria-valuemax={unit.stats.max_hp}
          aria-valuenow={hp}
        >
          <span className="battle-bar__fill" style={{ transform: `scaleX(${hpRatio})` }} />
          {shieldRatio > 0 && (
            <span className="battle-bar__shield" style={{ transform: `scaleX(${shieldRatio})` }} />
          )}
        </div>
        <div className="battle-unit__numbers tabular">
          <span className="battle-unit__hp" data-hp={hp}>
            {hp}/{unit.stats.max_hp}
          </span>
          {shield > 0 && (
            <span className="battle-unit__shield" title={`Shield ${shield}`} data-shield={shield}>
              ◈{shield}
            </span>
          )}
        </div>
        <div
          className="battle-bar battle-bar--energy"
          role="meter"
          aria-label="Energy"
          aria-valuemin={0}
          aria-valuemax={unit.max_energy}
          aria-valuenow={unit.energy}
          title={`Energy ${unit.energy}/${unit.max_energy}`}
        >
          <span className="battle-bar__fill" style={{ transform: `scaleX(${energyRatio})` }} />
        </div>
        {unit.status_effects.length > 0 && (
          <ul className="battle-unit__statuses" aria-label="Status effects">
            {unit.status_effects.map((s, i) => (
              <li key={s.id + i} className="status-badge" data-status={s.id}>
                <button
                  type="button"
                  className="status-badge__button"
                  title={`${s.name} (${s.turns} turn${s.turns === 1 ? '' : 's'})`}
                  aria-label={`${s.name}, ${s.turns} turn${s.turns === 1 ? '' : 's'} left: what it does`}
                  onClick={() => onExplain?.(unit.id, s.id)}
                >
                  <img src={s.icon} alt="" width={16} height={16} />
                  <span className="tabular">{s.turns}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
});
