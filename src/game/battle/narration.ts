// The battle told in words, from the facts alone: every event's `description` is rendered here from its other
// fields (BattleEvent in src/game/types.ts) and the units' names, so the log, the playback and the fight's story
// all rest on the same facts, and rewording a sentence changes no fact. A unit's start of battle names the traits,
// passives, gear and sets it comes from ('Kaela starts at 85% health (Old Wounds).').
import { ABILITIES } from '../data/abilities.ts';
import { GEAR, GEAR_SETS } from '../data/gear.ts';
import { STATUSES } from '../data/statuses.ts';
import { own } from '../data/table.ts';
import { BANES, BOONS } from '../data/traits.ts';
import type { BattleEvent, ModifierOrigin } from '../types.ts';
import { ACTION_DEFS } from './compile.ts';

export type EventFacts = Omit<BattleEvent, 'description'>;

/** Who the units are, by id: their names and their basic attack's name. */
export interface Cast {
  name(id: string | undefined): string;
  attack(id: string | undefined): string;
}

/** The cast of units named by id, each with its name and its basic attack's name ('Someone' for no one). */
export function castOf(units: readonly { id: string; name: string; attack: string }[]): Cast {
  const byId = new Map(units.map((u) => [u.id, u]));
  return {
    name: (id) => (id === undefined ? 'Someone' : (byId.get(id)?.name ?? 'Someone')),
    attack: (id) => (id === undefined ? '' : (byId.get(id)?.attack ?? '')),
  };
}

const ACTIONS = new Map(ACTION_DEFS.map((a) => [a.id, a]));
const statusName = (id: string | undefined) => (id === undefined ? '' : (own(STATUSES, id)?.name ?? id));

/** A modifier's source by name: 'Old Wounds', 'Bulwark Aegis', 'Bulwark set (2 pieces)' (its id if since gone). */
export function originName({ from, id }: ModifierOrigin): string {
  switch (from) {
    case 'boon':
      return own(BOONS, id)?.name ?? id;
    case 'bane':
      return own(BANES, id)?.name ?? id;
    case 'passive':
      return own(ABILITIES, id)?.name ?? id;
    case 'gear':
      return own(GEAR, id)?.name ?? id;
    case 'set': {
      const [set = id, pieces = ''] = id.split(':');
      const name = own(GEAR_SETS as Record<string, { name: string }>, set)?.name ?? set;
      return `${name} set (${pieces} pieces)`;
    }
  }
}

/** What a unit begins a battle with, and why: 'Kaela starts at 85% health (Old Wounds).' */
function startSentence(e: EventFacts, target: string): string {
  const why = ` (${(e.sources ?? []).map(originName).join(', ')})`;
  const amount = e.amount ?? 0;
  switch (e.effect) {
    case 'health': {
      const at = e.hp_after ?? 0;
      const share = at + amount > 0 ? Math.round((at / (at + amount)) * 100) : 100;
      return `${target} starts at ${share}% health${why}.`;
    }
    case 'shield':
      return `${target} starts behind a shield of ${amount}${why}.`;
    case 'energy':
      return `${target} starts with ${amount} energy${why}.`;
    default: {
      const def = e.status_id === undefined ? undefined : own(STATUSES, e.status_id);
      const turns = e.turns ?? 1;
      const lasting = ` for ${turns} turn${turns === 1 ? '' : 's'}`;
      return `${target} starts ${def?.harmful ? 'afflicted with' : 'with'} ${def?.name ?? e.status_id}${lasting}${why}.`;
    }
  }
}

/** An event as answered: its facts, the sentence that tells them, and each source it names by name. */
export function told(facts: EventFacts, cast: Cast): BattleEvent {
  const e: BattleEvent = { ...facts, description: narrate(facts, cast) };
  if (facts.sources)
    e.sources = facts.sources.map(({ from, id }) => ({ from, id, name: originName({ from, id }) }));
  return e;
}

/** The facts an answered event tells, as a record keeps them: no sentence, the sources by id alone. */
export function factOf({ description: _, ...fact }: BattleEvent): EventFacts {
  return fact.sources ? { ...fact, sources: fact.sources.map(({ from, id }) => ({ from, id })) } : fact;
}

export function narrate(e: EventFacts, cast: Cast): string {
  const actor = cast.name(e.actor_id);
  const target = cast.name(e.target_id);
  const amount = e.amount ?? 0;
  switch (e.kind) {
    case 'turn':
      return `${actor} acts.`;
    case 'ability': {
      const def = e.ability_id === undefined ? undefined : ACTIONS.get(e.ability_id);
      if (!def) return `${actor} acts.`;
      if (def.basic)
        return def.basic.told
          .replace('{actor}', actor)
          .replace('{target}', target)
          .replace('{attack}', cast.attack(e.actor_id));
      const on = e.target_id !== undefined && e.target_id !== e.actor_id ? ` on ${target}` : '';
      return def.type === 'ultimate'
        ? `${actor} unleashes ${def.name}${on}!`
        : `${actor} uses ${def.name}${on}.`;
    }
    case 'damage': {
      if (e.fatigue) return `${target} is worn down by the long fight and loses ${amount} health.`;
      if (e.actor_id === undefined) {
        const from = e.status_id !== undefined ? ` from ${statusName(e.status_id)}` : '';
        return `${target} suffers ${amount} damage${from}.`;
      }
      const absorbed = e.absorbed ?? 0;
      const crit = e.crit ? ' (critical hit!)' : '';
      return absorbed >= amount
        ? `${target}'s shield absorbs ${amount} damage${crit}.`
        : `${target} takes ${amount - absorbed} damage${crit}${absorbed > 0 ? ` (${absorbed} more absorbed by a shield)` : ''}.`;
    }
    case 'heal':
      if (e.actor_id === undefined) return `${target} regenerates ${amount} health.`;
      return e.actor_id === e.target_id
        ? `${target} recovers ${amount} health.`
        : `${actor} heals ${target} for ${amount}.`;
    case 'shield':
      return `${target} is shielded for ${amount}.`;
    case 'status': {
      const def = e.status_id === undefined ? undefined : own(STATUSES, e.status_id);
      const name = def?.name ?? e.status_id ?? 'a status';
      return def?.harmful ? `${target} is afflicted with ${name}.` : `${target} gains ${name}.`;
    }
    case 'expire':
      return `${statusName(e.status_id)} fades from ${target}.`;
    case 'death':
      return `${target} is defeated${e.actor_id !== undefined && e.actor_id !== e.target_id ? ` by ${actor}` : ''}!`;
    case 'miss':
      return e.target_id === undefined
        ? `${actor} cannot act and loses the turn.`
        : `${actor} misses ${target}.`;
    case 'start':
      return startSentence(e, target);
    case 'end':
      return e.outcome === 'draw'
        ? 'The battle ends in a draw.'
        : e.outcome === 'won'
          ? 'Victory! The enemy is defeated.'
          : 'Defeat. The party has fallen.';
  }
}
