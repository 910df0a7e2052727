// Battle records stored before 2026-11-25 read as today's facts. Since then the rules core tells, right after a
// unit's death, an expire for each status it carried (core.ts `kill`); older records stop at the death, so a
// reader of the facts alone (the web's replay and playback) would leave those statuses on the fallen. No record
// says which kind it is (a turn-based state's `v` is the core's layout, not its facts; the engine version did not
// change), so the upgrade is exact from the facts instead: it adds only the expires a death is not already followed
// by, which makes it a no-op on today's records and on its own output. The server applies it wherever a turn-based
// battle's state is read (server/battles/turn-battle-store.ts readStoredBattle), rewriting no row, and migration 0021 to the facts
// of fights resolved at once (server/store/old-fight-records.ts), so any number of
// instances on one database read the same; a battle continued from an old state stores the upgraded log. Not
// upgraded: an old record's status `turns`, which stay as recorded (a status a unit gave itself says one turn more
// than it kept).
import { STATUS_IDS } from '../data/statuses.ts';
import { castOf, narrate, type EventFacts } from './narration.ts';
import type { BattleState } from './turn-based.ts';

/** The facts the upgrade reads: any event, with or without its sentence. */
type Fact = Pick<EventFacts, 'turn' | 'kind' | 'target_id' | 'status_id' | 'hp_after' | 'shield_after'>;

const ORDER = new Map(STATUS_IDS.map((id, k) => [id, k]));
/** The order the core tells a fallen unit's expires in: its status table's (unknown ids last). */
const byCoreOrder = (a: string, b: string) =>
  (ORDER.get(a) ?? STATUS_IDS.length) - (ORDER.get(b) ?? STATUS_IDS.length);

/**
 * The events with, after each death, an expire for every status the unit still carried per the facts so far (a
 * status or shield event puts one on, an expire takes it off) that the death is not already followed by. `tell`
 * makes an event of an expire's facts (adds its sentence where the record keeps sentences). Answers `events`
 * itself when nothing is missing.
 */
export function withExpiresAfterDeaths<E extends Fact>(events: E[], tell: (expire: EventFacts) => E): E[] {
  const carried = new Map<string, Set<string>>();
  let out: E[] | null = null;
  for (let k = 0; k < events.length; k++) {
    const e = events[k]!;
    out?.push(e);
    const t = e.target_id;
    if (t === undefined) continue;
    if ((e.kind === 'status' || e.kind === 'shield') && e.status_id !== undefined) {
      const on = carried.get(t) ?? new Set<string>();
      carried.set(t, on.add(e.status_id));
    } else if (e.kind === 'expire' && e.status_id !== undefined) carried.get(t)?.delete(e.status_id);
    else if (e.kind === 'death') {
      const on = carried.get(t) ?? new Set<string>();
      carried.delete(t);
      // The expires already told after it (today's records): kept as they are.
      while (events[k + 1]?.kind === 'expire' && events[k + 1]!.target_id === t) {
        k++;
        out?.push(events[k]!);
        on.delete(events[k]!.status_id!);
      }
      if (on.size === 0) continue;
      out ??= events.slice(0, k + 1);
      for (const status_id of [...on].sort(byCoreOrder))
        out.push(
          tell({
            turn: e.turn,
            kind: 'expire',
            target_id: t,
            hp_after: e.hp_after,
            shield_after: e.shield_after,
            status_id,
          }),
        );
    }
  }
  return out ?? events;
}

/** A turn-based battle's state with its log upgraded (new expires told in words, as the core's log does). */
export function upgradeBattleState(state: BattleState): BattleState {
  const cast = castOf(state.units);
  const events = withExpiresAfterDeaths(state.events, (fact) => ({
    ...fact,
    description: narrate(fact, cast),
  }));
  return events === state.events ? state : { ...state, events };
}
