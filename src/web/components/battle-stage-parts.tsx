// Pieces the battle view and a live match share: the playback speed switch, the caption of the blow playing with
// Skip, and the skeleton of a battle field while it loads.
import { BATTLE_SPEEDS, type BattleSpeed } from './battle-playback.ts';
import { Button, Loading, Skeleton } from './ui.tsx';

export function SpeedSwitch({ speed, setSpeed }: { speed: BattleSpeed; setSpeed: (s: BattleSpeed) => void }) {
  return (
    <div className="speed-switch" role="radiogroup" aria-label="Playback speed">
      {BATTLE_SPEEDS.map((s) => (
        <button
          key={s.key}
          type="button"
          role="radio"
          aria-checked={speed === s.key}
          className="speed-switch__opt"
          onClick={() => setSpeed(s.key)}
          data-speed={s.key}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

/** The sentence of the blow on screen while a turn plays back, and Skip. */
export function PlayingCaption({ caption, onSkip }: { caption: string | undefined; onSkip: () => void }) {
  return (
    <div className="battle-options__playing">
      <p className="battle-options__caption" aria-live="polite">
        {caption ?? '…'}
      </p>
      <Button variant="ghost" onClick={onSkip} data-testid="skip-playback">
        Skip
      </Button>
    </div>
  );
}

export function BattleSkeleton({ label }: { label: string }) {
  return (
    <Loading label={label}>
      <div className="battle-view">
        <Skeleton height={28} width="40%" />
        {[0, 1].map((k) => (
          <div key={k} className="battle-side">
            <Skeleton height={20} width="30%" />
            <div className="battle-side__units">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={150} radius={10} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}
