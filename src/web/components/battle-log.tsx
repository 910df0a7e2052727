// The Battle Log of /battle/{battleId}: the last 5 events, newest last, each with its turn.
import type { BattleEvent } from '../../api/index.ts';

export const BATTLE_LOG_SIZE = 5;

export function BattleLog({ events }: { events: BattleEvent[] }) {
  const last = events.slice(-BATTLE_LOG_SIZE);
  return (
    <section className="battle-log panel" aria-label="Battle Log">
      <h2 className="battle-log__title">Battle Log</h2>
      {last.length === 0 ? (
        <p className="muted battle-log__empty">The battle begins…</p>
      ) : (
        <ol className="battle-log__list" aria-live="polite" data-testid="battle-log">
          {last.map((e, i) => (
            <li
              key={events.length - last.length + i}
              className={`battle-log__event battle-log__event--${e.kind}`}
              data-kind={e.kind}
            >
              <span className="battle-log__turn tabular">T{e.turn}</span>
              <span>{e.description}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
