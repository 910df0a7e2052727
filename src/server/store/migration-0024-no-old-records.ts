// Migration 0024_no_old_records, with frozen copies of all it reads: brings every turn-based battle still on to the
// shape the code writes today, so no reader of an older shape is left in the code (issue 29). A battle's row keeps
// its engine state while it is on (fights/turn-battle-store.ts StoredBattle); three older shapes of it were read
// on every load until now:
// - the rules core stored as its typed arrays (version 1, before 2026-11-24): converted to the core by name
//   (version 2) through version 1's layout, frozen below as it was read (src/game/battle/stored-state.ts);
// - a log stored before the core told, right after a unit's death, an expire for each status it carried (before
//   2026-11-25): the expires a death is not already followed by are added, in the core's status order, told in
//   words as the core's log tells them;
// - a row without its stated odds, its play time or when it last waited for the player: given what was read in
//   their place (odds of 50%, no play credited yet, waiting since the row was last moved);
// - pending options stored before aiming existed (before 2026-11-24 16:17 UTC), without targets, aims or a
//   description: given what was read in their place (no targets, no aims, the description its detail). (Added to
//   this migration after it first landed: such a battle was last moved before then, so it is idle and reads as
//   gone to every route, on a database that ran the first version too.)
// A battle still on that kept no teams (begun before replays were kept) cannot be kept as a record that plays
// again once it ends: it is closed as expired, as the sweep closes an idle one (status 'expired', its state
// dropped, nothing paid: a turn-based battle costs nothing to start, and the sweep refunds nothing).
// Nothing here imports the live engine's layout or encoders: what the live code writes may change, this may not.
import type { Migration } from 'kysely';
import { castOf, narrate } from '../../game/battle/narration.ts';
import type { AnyDb } from './db.ts';

/** The core by name (version 2) as it was on 2026-11-26: what version 1 converts to. */
interface CoreV2 {
  units: {
    fields: Record<string, number>;
    start_status: string | null;
    statuses: Record<string, { turns: number; power: number }>;
    abilities: (string | null)[];
    cooldowns: number[];
  }[];
  rng: number[];
  turn: number;
  turn_limit: number;
  actor: number;
}
interface CoreV1 {
  u: number[];
  stT: number[];
  stP: number[];
  cd: number[];
  ab: number[];
  rng: number[];
  turn: number;
  turn_limit: number;
  actor: number;
}
interface Fact {
  turn: number;
  kind: string;
  target_id?: string;
  status_id?: string;
  hp_after?: number;
  shield_after?: number;
  description?: string;
}
/** A turn-based battle's row state, every field any older shape might lack optional. */
interface OldStoredBattle {
  engine: {
    v: number;
    units: { id: string; name: string; attack: string }[];
    core: CoreV1 | CoreV2;
    events: Fact[];
    options: { detail: string; targets?: string[]; aims?: unknown[]; description?: string }[];
    [more: string]: unknown;
  };
  teams?: unknown;
  engine_version?: string;
  probability?: number;
  played_s?: number;
  waiting_since_ms?: number;
  [more: string]: unknown;
}

// ---- version 1: the arrays as they were ---------------------------------------------------------------------

/** Version 1's unit record: 48 numbers in this order ('' for a derived one). */
const V1_FIELDS = [
  'hp', 'max_hp', 'atk', 'def', 'spd', 'shield', 'energy', 'next', 'alive', 'side',
  'crit', 'crit_dmg', 'energy_gain', 'heal_done', 'heal_taken', 'dmg_taken', 'dmg_dealt',
  'lifesteal', 'thorns', 'dodge', 'fumble', 'resist', 'dot_dealt', 'dot_taken',
  'execute', 'low_hp_atk', 'regen', 'kill_energy', 'role',
  '', '', '', '', '', '', '', '', '', '', '', '', // status multipliers, flags, status mask
  'ability_mul', 'initiative', 'start_hp', 'start_shield', 'start_energy', 'start_status', 'start_turns',
]; // prettier-ignore
const V1_UF = 48;
const V1_MASK = 40;
/** The statuses in the order of the core's table (version 1's bits, and the order a fallen unit's expires are told). */
const STATUS_ORDER = [
  'burn', 'poison', 'bleed', 'stun', 'freeze', 'taunt', 'shield', 'regeneration', 'haste',
  'slow', 'weaken', 'vulnerable', 'silence', 'empower', 'fortify', 'blind', 'mark', 'curse',
]; // prettier-ignore
/** Version 1 kept abilities by their place in the content table (which only grew at its end), as of 2026-11-26. */
const V1_ABILITIES = [
  'shield_bash', 'challenging_shout', 'shield_wall', 'rallying_banner', 'steadfast', 'bulwark_charge', 'unbreakable',
  'holy_strike', 'lay_on_hands', 'divine_shield', 'judgment', 'aura_of_devotion', 'wrath_of_heaven', 'sanctuary',
  'cleave', 'reckless_swing', 'blood_rage', 'rending_blow', 'unstoppable', 'rampage', 'decapitate', 'aimed_shot',
  'volley', 'hunters_mark', 'crippling_shot', 'eagle_eye', 'rain_of_arrows', 'heartseeker', 'fireball', 'frost_nova',
  'chain_lightning', 'arcane_barrier', 'mana_surge', 'meteor', 'time_warp', 'backstab', 'poisoned_blade',
  'smoke_bomb', 'shadowstep', 'lethal_instinct', 'death_mark', 'blade_flurry', 'healing_light', 'smite', 'blessing',
  'purify', 'divine_grace', 'resurgence', 'holy_nova', 'rejuvenate', 'entangling_roots', 'barkskin', 'moonfire',
  'natures_bond', 'wild_growth', 'wrath_of_the_wild', 'inspiring_song', 'dissonance', 'soothing_melody',
  'mocking_verse', 'encore', 'crescendo', 'song_of_ruin', 'life_drain', 'curse_of_frailty', 'bone_armor', 'plague',
  'dark_pact', 'army_of_the_dead', 'soul_harvest', 'attack', 'defend', 'focus',
]; // prettier-ignore

export function coreFromV1(k: CoreV1): CoreV2 {
  const n = k.u.length / V1_UF;
  const ns = STATUS_ORDER.length;
  const units: CoreV2['units'] = [];
  for (let i = 0; i < n; i++) {
    const o = i * V1_UF;
    const fields: Record<string, number> = {};
    let startStatus: string | null = null;
    V1_FIELDS.forEach((name, f) => {
      if (name === 'start_status')
        startStatus = k.u[o + f]! >= 0 ? (STATUS_ORDER[k.u[o + f]!] ?? null) : null;
      else if (name !== '') fields[name] = k.u[o + f]!;
    });
    const statuses: CoreV2['units'][number]['statuses'] = {};
    STATUS_ORDER.forEach((id, s) => {
      if (((k.u[o + V1_MASK]! | 0) & (1 << s)) !== 0)
        statuses[id] = { turns: k.stT[i * ns + s]!, power: k.stP[i * ns + s]! };
    });
    units.push({
      fields,
      start_status: startStatus,
      statuses,
      abilities: k.ab.slice(i * 3, i * 3 + 3).map((idx) => (idx >= 0 ? (V1_ABILITIES[idx] ?? null) : null)),
      cooldowns: k.cd.slice(i * 3, i * 3 + 3),
    });
  }
  return { units, rng: k.rng, turn: k.turn, turn_limit: k.turn_limit, actor: k.actor };
}

// ---- the expires after a death ------------------------------------------------------------------------------

const ORDER = new Map(STATUS_ORDER.map((id, k) => [id, k]));
const byCoreOrder = (a: string, b: string) =>
  (ORDER.get(a) ?? STATUS_ORDER.length) - (ORDER.get(b) ?? STATUS_ORDER.length);

/**
 * The events with, after each death, an expire for every status the unit still carried per the facts so far (a
 * status or shield event puts one on, an expire takes it off) that the death is not already followed by; `tell`
 * makes an event of an expire's facts. A no-op on today's logs and on its own output.
 */
export function withExpiresAfterDeaths<E extends Fact>(events: E[], tell: (expire: Fact) => E): E[] {
  const carried = new Map<string, Set<string>>();
  const out: E[] = [];
  for (let k = 0; k < events.length; k++) {
    const e = events[k]!;
    out.push(e);
    const t = e.target_id;
    if (t === undefined) continue;
    if ((e.kind === 'status' || e.kind === 'shield') && e.status_id !== undefined) {
      const on = carried.get(t) ?? new Set<string>();
      carried.set(t, on.add(e.status_id));
    } else if (e.kind === 'expire' && e.status_id !== undefined) carried.get(t)?.delete(e.status_id);
    else if (e.kind === 'death') {
      const on = carried.get(t) ?? new Set<string>();
      carried.delete(t);
      while (events[k + 1]?.kind === 'expire' && events[k + 1]!.target_id === t) {
        k++;
        out.push(events[k]!);
        on.delete(events[k]!.status_id!);
      }
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
  return out;
}

// ---- a battle still on --------------------------------------------------------------------------------------

/**
 * A battle's row state in today's shape, or null when it kept no teams (closed as expired). `movedAt` is when the
 * row was last moved (epoch seconds): an old row's wait for the player is read from it, as it was.
 */
export function battleToday(stored: OldStoredBattle, movedAt: number): object | null {
  if (stored.teams === undefined) return null;
  const e = stored.engine;
  // The expires' words as the core's log tells them (words only: the facts are this module's).
  const cast = castOf(e.units);
  const events = withExpiresAfterDeaths(e.events, (fact) => ({
    ...fact,
    description: narrate(fact as never, cast),
  }));
  return {
    ...stored,
    engine: {
      ...e,
      v: 2,
      core: e.v === 1 ? coreFromV1(e.core as CoreV1) : e.core,
      options: e.options.map((o) => ({
        ...o,
        targets: o.targets ?? [],
        aims: o.aims ?? [],
        description: o.description ?? o.detail,
      })),
      events,
    },
    probability: stored.probability ?? 0.5,
    engine_version: stored.engine_version ?? '',
    played_s: stored.played_s ?? 0,
    waiting_since_ms: stored.waiting_since_ms ?? movedAt * 1000,
  };
}

export const noOldRecords: Migration = {
  async up(db: AnyDb) {
    for (let after = ''; ;) {
      const rows = await db
        .selectFrom('battles')
        .select(['id', 'state', 'updated_at'])
        .where('kind', '=', 'turn_based')
        .where('state', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const today = battleToday(JSON.parse(row.state as string) as OldStoredBattle, Number(row.updated_at));
        await db
          .updateTable('battles')
          .set(today ? { state: JSON.stringify(today) } : { status: 'expired', state: null })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows.at(-1)!.id as string;
    }
  },
};
