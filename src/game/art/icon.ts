// Icons: a game-icons.net glyph (CC BY 3.0, credited in ART_CREDITS) on a rounded tile coloured by what it is,
// so abilities, boons, banes, statuses, items and currencies read as one set. Served under iconPath() in paths.ts.
// Importing this module loads the whole icon set (~6 MB JSON): server side only; the web shows icons by URL.

import { icons as gameIcons } from '@iconify-json/game-icons';
import { getIconData } from '@iconify/utils';
import type { IconKind } from './paths.ts';
import { own } from '../data/table.ts';

export const ART_CREDITS =
  'Icons by Lorc, Delapouite and contributors from game-icons.net, licensed under CC BY 3.0 ' +
  '(https://creativecommons.org/licenses/by/3.0/). Hero portraits and location art are drawn in code for Runeborn.';

export interface IconOptions {
  /** Tile colour override, e.g. an ability type's colour. */
  tint?: string;
  /** offensive | defensive | support | utility | passive | ultimate: picks the ability tile colour. */
  abilityType?: string;
  /** boon / bane for traits, buff / debuff for statuses. */
  tone?: 'boon' | 'bane' | 'buff' | 'debuff';
  /** Accessible name; defaults to the glyph. */
  title?: string;
}

export const ABILITY_TINTS: Record<string, string> = {
  offensive: '#8c2f2f',
  defensive: '#2f4f8c',
  support: '#2f7a45',
  utility: '#2f6f7a',
  passive: '#4a4f5c',
  ultimate: '#8c6a1f',
};

const KIND_TINTS: Record<IconKind, string> = {
  ability: '#5a3d7a',
  trait: '#5a4a2f',
  status: '#3d3553',
  item: '#5a4326',
  currency: '#6b5416',
  race: '#2b3a55',
  class: '#3d2b55',
  type: '#3b4252',
};

const TONE_TINTS: Record<string, string> = {
  boon: '#2f7a45',
  bane: '#7a2f3a',
  buff: '#2f6f7a',
  debuff: '#6b2f52',
};
const TYPE_TINTS: Record<string, string> = { tank: '#2f4f8c', damage: '#8c2f2f', support: '#2f7a45' };

/** Our own ids (races, classes, types, statuses, currencies, item types) mapped to a glyph, for icon URLs that carry an id. */
export const GLYPH_FOR_ID: Record<string, string> = {
  // races
  human: 'person',
  elf: 'woman-elf-face',
  dwarf: 'dwarf-face',
  orc: 'orc-head',
  dragonborn: 'dragon-head',
  halfling: 'hobbit-door',
  tiefling: 'devil-mask',
  goblin: 'goblin-head',
  // classes
  knight: 'black-knight-helm',
  paladin: 'templar-shield',
  ranger: 'bow-arrow',
  sorcerer: 'wizard-staff',
  cleric: 'holy-symbol',
  assassin: 'hooded-assassin',
  necromancer: 'skull-staff',
  druid: 'oak-leaf',
  berserker: 'battle-axe',
  bard: 'lyre',
  // types
  tank: 'shield',
  damage: 'crossed-swords',
  support: 'health-normal',
  // statuses
  burn: 'fire',
  poison: 'poison-bottle',
  bleed: 'bleeding-wound',
  stun: 'knockout',
  taunt: 'shouting',
  shield: 'shield',
  regeneration: 'health-increase',
  regen: 'health-increase',
  haste: 'run',
  slow: 'snail',
  weaken: 'broken-shield',
  vulnerable: 'cracked-shield',
  silence: 'silenced',
  freeze: 'frozen-orb',
  sleep: 'sleepy',
  // currencies and item types
  gold: 'two-coins',
  magic_essence: 'magic-swirl',
  summoning_scrolls: 'scroll-unfurled',
  combat_tokens: 'token',
  potion: 'round-potion',
  upgrade_mat: 'crystal-growth',
  gear_token: 'anvil',
  hero_shard: 'crystal-bars',
};

const iconSet = gameIcons;

export function hasGlyph(name: string): boolean {
  return typeof name === 'string' && name.length > 0 && getIconData(iconSet, name) !== null;
}

/** The glyph to draw for a name or one of our ids, or null when nothing matches. */
export function resolveGlyph(name: string): string | null {
  const key = String(name ?? '').trim();
  // Our own ids win: 'tank' is a role here, not the game-icons tank vehicle.
  const mapped = Object.hasOwn(GLYPH_FOR_ID, key.toLowerCase()) ? GLYPH_FOR_ID[key.toLowerCase()] : undefined;
  if (mapped && hasGlyph(mapped)) return mapped;
  return hasGlyph(key) ? key : null;
}

// A neutral rune for anything we cannot name: never a throw, never an empty tile.
const FALLBACK_RUNE =
  '<g class="glyph-fallback" fill="none" stroke="currentColor" stroke-width="36" stroke-linejoin="round" stroke-linecap="round"><path d="M256 48L448 256L256 464L64 256Z"/><path d="M256 140V372M180 216L256 292L332 216"/></g>';

function tileColour(kind: IconKind, glyph: string, opts: IconOptions): string {
  if (opts.tint && /^#[0-9a-f]{3,8}$|^hsl\([\d.% /]+\)$/i.test(opts.tint)) return opts.tint;
  if (opts.abilityType && own(ABILITY_TINTS, opts.abilityType)) return ABILITY_TINTS[opts.abilityType];
  if (opts.tone && own(TONE_TINTS, opts.tone)) return TONE_TINTS[opts.tone];
  if (kind === 'type' && own(TYPE_TINTS, glyph.toLowerCase())) return TYPE_TINTS[glyph.toLowerCase()];
  return own(KIND_TINTS, kind) ?? KIND_TINTS.item;
}

function escapeAttr(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderIcon(kind: IconKind, glyph: string, opts: IconOptions = {}): string {
  const name = resolveGlyph(glyph);
  const body = name ? (getIconData(iconSet, name)?.body ?? FALLBACK_RUNE) : FALLBACK_RUNE;
  const tile = tileColour(kind, String(glyph ?? ''), opts);
  const title = escapeAttr(opts.title ?? String(glyph ?? ''));
  const cls = `icon icon-${escapeAttr(String(kind))}`;
  // 512-unit glyphs scaled into a 64-unit tile with a soft drop shadow drawn as a second copy.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" class="${cls}" data-glyph="${escapeAttr(name ?? 'fallback')}"><title>${title}</title>` +
    `<rect x="1" y="1" width="62" height="62" rx="13" fill="${tile}"/>` +
    `<rect x="1" y="1" width="62" height="31" rx="13" fill="#fff" fill-opacity=".1"/>` +
    `<rect x="1" y="1" width="62" height="62" rx="13" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="2"/>` +
    `<rect x="4" y="4" width="56" height="56" rx="10" fill="none" stroke="#ece6d6" stroke-opacity=".25" stroke-width="1"/>` +
    `<g transform="translate(13.2 13.8) scale(.078125)" color="#000" opacity=".45">${body}</g>` +
    `<g transform="translate(12 12.5) scale(.078125)" color="#ece6d6">${body}</g>` +
    `</svg>`
  );
}
