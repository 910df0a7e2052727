// Rules text written from content data, each part by its registry's entry, so what a player reads is what the engine
// does: an ability's effects by the effects registry (src/game/battle/effects.ts), a status's keys by the status
// registry (battle/statuses.ts), a trait's or passive's modifiers by the modifier registry (battle/modifiers.ts).

import type { AbilityDef, EffectDef, StatusDef, TraitDef, TraitMods } from './data/schema.ts';
import { OPS, TARGETS } from './battle/effects.ts';
import { keysOf } from './battle/statuses.ts';
import { modifierClauses } from './battle/modifiers.ts';

/** An effect's rules text, from its op's and its target kind's registry entries. */
const effectText = (e: EffectDef): string => OPS[e.op].text(e, TARGETS[e.target].text);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 'a', 'a and b', 'a, b and c'. */
const listed = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');

/** What a set of modifiers does, one clause per figure (its entry's text), joined: 'defence is 12% higher and …'. */
export function describeMods(m: TraitMods): string {
  return listed(modifierClauses(m));
}

/** A boon's or bane's rules text, written from its modifiers: 'Reflects 20% of the damage it takes back at the attacker.' */
export function describeTrait(t: Pick<TraitDef, 'mods'>): string {
  return `${capital(describeMods(t.mods))}.`;
}

/**
 * What a status does: its description, then each of its keys with its figure, as the status registry writes it —
 * the explanation a battle shows when a status badge is tapped.
 */
export function describeStatus(st: StatusDef): string {
  const figures = keysOf(st)
    .map(({ x, entry }) => entry.text(x))
    .join('; ');
  return figures ? `${st.description} ${capital(figures)}.` : st.description;
}

export function describeAbility(a: AbilityDef): string {
  if (a.passive) return `${a.flavour} Passive: ${describeMods(a.passive)}.`;
  const body = a.effects.map(effectText).join('; ');
  const when =
    a.type === 'ultimate'
      ? ' Needs full energy.'
      : a.cooldown > 0
        ? ` Cooldown ${a.cooldown} turn${a.cooldown > 1 ? 's' : ''}.`
        : '';
  return `${a.flavour} ${body.charAt(0).toUpperCase()}${body.slice(1)}.${when}`;
}
