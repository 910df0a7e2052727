// The profile's "Your day": the IANA zone and the local hour the player's day resets at (PATCH /api/users/{id},
// api/writes/accounts.ts useDayRule). A change applies from the next reset — the day in progress keeps its own — which the
// section then says, with when (GET /api/daily rule_starts_at).
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { User } from '../../../api/index.ts';
import { useDaily } from '../../api/hooks.ts';
import { useDayRule } from '../../api/writes/accounts.ts';
import { localMoment } from '../../components/daily-text.ts';
import { Icon } from '../../components/icon.tsx';
import { Button, ErrorBox } from '../../components/ui.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

function deviceZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function DayRule({ user }: { user: User }) {
  const ids = useId();
  const daily = useDaily(user.id);
  const save = useDayRule(user.id);
  const [zone, setZone] = useState(user.time_zone);
  const [hour, setHour] = useState(user.reset_hour);
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return [];
    }
  }, []);
  const here = deviceZone();
  const changed = zone.trim() !== user.time_zone || hour !== user.reset_hour;
  const pending = daily.data?.rule_starts_at ?? null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!changed) return;
    save.mutate({
      ...(zone.trim() !== user.time_zone ? { time_zone: zone.trim() } : {}),
      ...(hour !== user.reset_hour ? { reset_hour: hour } : {}),
    });
  }

  return (
    <section className="panel day-rule" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Icon name="hourglass" size={18} /> Your day
      </h2>
      <p className="muted day-rule__lead">
        Daily quests and the login calendar reset at {hourText(user.reset_hour)} in {user.time_zone}.
      </p>
      <form className="day-rule__form" onSubmit={onSubmit}>
        <div className="field day-rule__zone">
          <label htmlFor={`${ids}-zone`}>Time zone</label>
          <input
            id={`${ids}-zone`}
            className="input"
            list={`${ids}-zones`}
            value={zone}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setZone(e.target.value)}
          />
          <datalist id={`${ids}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-hour`}>Resets at</label>
          <select
            id={`${ids}-hour`}
            className="input"
            value={hour}
            onChange={(e) => setHour(Number(e.target.value))}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourText(h)}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="submit"
          disabled={!changed}
          title={changed ? undefined : 'Nothing changed'}
          busy={save.isPending}
          busyText="Saving..."
        >
          Save
        </Button>
      </form>
      {here && here !== zone && (
        <button type="button" className="day-rule__here" onClick={() => setZone(here)}>
          Use this device’s zone ({here})
        </button>
      )}
      {save.failure && <ErrorBox onDismiss={() => save.reset()}>{save.failure}</ErrorBox>}
      {pending && (
        <p className="day-rule__pending" role="status" data-testid="rule-pending">
          Applies from the next reset, {localMoment(pending, user.time_zone)} ({user.time_zone}): today keeps
          its own reset, so no day is played twice.
        </p>
      )}
    </section>
  );
}
