// Rules text written from content data: an ability's description is generated from its effects, each told by
// its entry in the effects registry (src/game/battle/effects.ts), so what a player reads is what the engine does.

import type { AbilityDef, EffectDef, StatusDef, TraitMods } from './data/schema.ts';
import { OPS, TARGETS } from './battle/effects.ts';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** An effect's rules text, from its op's and its target kind's registry entries. */
const effectText = (e: EffectDef): string => OPS[e.op].text(e, TARGETS[e.target].text);

export function describeMods(m: TraitMods): string {
  const parts: string[] = [];
  const signed = (x: number, what: string) => parts.push(`${x >= 0 ? '+' : '−'}${pct(Math.abs(x))} ${what}`);
  if (m.hpPct) signed(m.hpPct, 'max health');
  if (m.atkPct) signed(m.atkPct, 'attack');
  if (m.defPct) signed(m.defPct, 'defence');
  if (m.spdPct) signed(m.spdPct, 'speed');
  if (m.crit) signed(m.crit, 'critical chance');
  if (m.critDmg) signed(m.critDmg, 'critical damage');
  if (m.energyGain) signed(m.energyGain, 'energy gain');
  if (m.healDone) signed(m.healDone, 'healing and shields');
  if (m.lifesteal) signed(m.lifesteal, 'lifesteal');
  if (m.dmgTaken) signed(m.dmgTaken, 'damage taken');
  if (m.lowHpAtk) signed(m.lowHpAtk, 'attack under 40% health');
  if (m.regen) signed(m.regen, 'max health regenerated each turn');
  if (m.dotDealt) signed(m.dotDealt, 'damage from its burns, poisons and bleeds');
  if (m.execute) signed(m.execute, 'damage to foes under 35% health');
  return parts.join(', ');
}

/**
 * What a status does, from the numbers the rules core reads (src/game/data/statuses.ts): its description, then
 * each effect with its figure — the explanation a battle shows when a status badge is tapped.
 */
export function describeStatus(st: StatusDef): string {
  const parts: string[] = [];
  const mul = (x: number | undefined, what: string) => {
    if (x !== undefined && x !== 1) parts.push(`${x > 1 ? '+' : '−'}${pct(Math.abs(x - 1))} ${what}`);
  };
  if (st.dotAtk) parts.push(`takes ${pct(st.dotAtk)} of the caster's attack as damage each turn`);
  if (st.dotMaxHp) parts.push(`loses ${pct(st.dotMaxHp)} of max health each turn`);
  if (st.hotMaxHp) parts.push(`heals ${pct(st.hotMaxHp)} of max health each turn`);
  mul(st.atkMul, 'attack');
  mul(st.defMul, 'defence');
  mul(st.spdMul, 'speed');
  mul(st.dmgTakenMul, 'damage taken');
  mul(st.dmgDealtMul, 'damage dealt');
  mul(st.healTakenMul, 'healing received');
  if (st.miss) parts.push(`${pct(st.miss)} of its hits miss`);
  if (st.critTaken) parts.push(`+${pct(st.critTaken)} chance to be hit critically`);
  if (st.skipTurn) parts.push('loses its next turn');
  if (st.silence) parts.push('no abilities, only attack, defend or focus');
  if (st.taunt) parts.push('enemies must aim single-target attacks at it');
  const figures = parts.join('; ');
  return figures
    ? `${st.description} ${figures.charAt(0).toUpperCase()}${figures.slice(1)}.`
    : st.description;
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
