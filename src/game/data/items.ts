// The shop's items: one typed table keyed by a stable id. Each entry's `use` hook says what the item does;
// src/game/items.ts runs it (useItem) with the rules core's tools, and the server applies the outcome in one
// transaction. Glyphs are @iconify-json/game-icons names. Prices are in `currency` (gold unless said).
import type { Hero } from '../types.ts';
import type { Currency } from './currencies.ts';
import { GEAR_LIST, GEAR_PRICE_TOKENS, GEAR_SETS, type GearDef } from './gear.ts';
import {
  SHARDS_PER_HERO,
  SHARDS_PER_SCROLL,
  SIGIL_ESSENCE,
  STAR_SHARD_ITEM,
  STAR_SHARD_TOKENS,
} from './ascension.ts';
import { modifierClauses } from '../battle/modifiers.ts';
import type { TraitMods } from './schema.ts';

export { CURRENCIES, type Currency } from './currencies.ts';
export type ItemKind = 'potion' | 'upgrade_mat' | 'gear_token' | 'hero_shard';

/** What the rules core lends an item's hook: it never reaches for anything else. */
export interface ItemTools {
  grantXp(hero: Hero, xp: number): { hero: Hero; leveledUp: boolean; newLevel: number };
  xpToNextLevel(level: number): number;
  rerollAbilities(hero: Hero, seed: number): Hero;
  /** The hero's stats as its race, class, type, rarity and level make them, before any upgrade. */
  baseStats(hero: Hero): Record<UpgradeStat, number>;
  maxLevel: number;
  seed: number;
}

export type ItemOutcome =
  | {
      ok: true;
      hero?: Hero;
      currencyDelta?: Partial<Record<Currency, number>>;
      message: string;
      /** how many of the item one use takes (1 unless said; refused when fewer are held) */
      consumes?: number;
    }
  | { ok: false; error: string };

export interface ItemDef {
  id: string;
  name: string;
  type: ItemKind;
  description: string;
  cost: number;
  currency: Currency;
  glyph: string;
  /** Whether it is used on one of the player's heroes (then `use` gets that hero). */
  targetsHero: boolean;
  use(hero: Hero | undefined, tools: ItemTools): ItemOutcome;
}

function xpItem(amount: number) {
  return (hero: Hero | undefined, t: ItemTools): ItemOutcome => {
    if (!hero) return { ok: false, error: 'Choose a hero to use this on' };
    if (hero.level >= t.maxLevel) return { ok: false, error: `${hero.name} is already at the highest level` };
    const r = t.grantXp(hero, amount);
    const more = r.leveledUp ? ` and reached level ${r.newLevel}` : '';
    return { ok: true, hero: r.hero, message: `${hero.name} gained ${amount} XP${more}.` };
  };
}

export type UpgradeStat = 'max_hp' | 'atk' | 'def' | 'spd';

/**
 * Upgrades scale with the hero: each use adds a share of the hero's base stat at its current level, up to a cap
 * above that base (kept through level-ups, which scale every stat by the same ratio). They are worth buying at
 * every stage — a level-10 hero gains more from one than a level-1 hero — and the caps make an upgrade path with
 * an end: UPGRADE_STEP / UPGRADE_CAP per stat.
 */
export const UPGRADE_STEP: Record<UpgradeStat, number> = { max_hp: 0.05, atk: 0.05, def: 0.05, spd: 0.03 };
export const UPGRADE_CAP: Record<UpgradeStat, number> = { max_hp: 0.25, atk: 0.25, def: 0.25, spd: 0.15 };
const STAT_NAME: Record<UpgradeStat, string> = { max_hp: 'max HP', atk: 'attack', def: 'defense', spd: 'speed' };

/** How far above its base a hero's stat stands, as a share (0.1 = +10%). */
export function upgradeShare(hero: Hero, stat: UpgradeStat, base: Record<UpgradeStat, number>): number {
  return base[stat] > 0 ? hero[stat] / base[stat] - 1 : 0;
}

/** Upgrades a stat has taken: its share above base in whole steps. */
export function upgradeSteps(hero: Hero, stat: UpgradeStat, base: Record<UpgradeStat, number>): number {
  return Math.max(0, Math.round(upgradeShare(hero, stat, base) / UPGRADE_STEP[stat]));
}

function upgradeItem(stats: UpgradeStat[]) {
  return (hero: Hero | undefined, t: ItemTools): ItemOutcome => {
    if (!hero) return { ok: false, error: 'Choose a hero to use this on' };
    const base = t.baseStats(hero);
    let next: Hero = { ...hero };
    const gained: string[] = [];
    for (const stat of stats) {
      const max = Math.round(UPGRADE_CAP[stat] / UPGRADE_STEP[stat]);
      const steps = upgradeSteps(hero, stat, base);
      if (steps >= max) continue;
      // Step k of the path sets the stat to base × (1 + k × step): exact, whatever rounding came before.
      const value = Math.max(hero[stat] + 1, Math.round(base[stat] * (1 + (steps + 1) * UPGRADE_STEP[stat])));
      next = { ...next, [stat]: value, ...(stat === 'max_hp' ? { hp: next.hp + (value - hero.max_hp) } : {}) };
      gained.push(`${STAT_NAME[stat]} ${hero[stat]} → ${value} (upgrade ${steps + 1} of ${max})`);
    }
    if (gained.length === 0) {
      const names = stats.map((x) => STAT_NAME[x]).join(', ');
      return { ok: false, error: `${hero.name}’s ${names} cannot be raised further: fully upgraded` };
    }
    return { ok: true, hero: next, message: `${hero.name} grew stronger: ${gained.join(', ')}.` };
  };
}

function currencyItem(delta: Partial<Record<Currency, number>>, label: string) {
  return (): ItemOutcome => ({ ok: true, currencyDelta: delta, message: `You received ${label}.` });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A source's figures as a sentence, in the modifier registry's words. */
function clauses(m: TraitMods): string {
  const parts = modifierClauses(m);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}
const modsText = (m: TraitMods) => `${capital(clauses(m))}.`;

/** A piece of gear as a shop and inventory item: bought with combat tokens, worn from a hero's page. */
function gearItem(g: GearDef): ItemDef {
  const set = GEAR_SETS[g.set as keyof typeof GEAR_SETS];
  return {
    id: g.id,
    name: g.name,
    type: 'gear_token',
    description:
      `${capital(g.slot)} of the ${set.name} set. ${modsText(g.mods)} ${set.name} set: 2 pieces, ` +
      `${clauses(set.two)}; 4 pieces, ${clauses(set.four)}.`,
    cost: GEAR_PRICE_TOKENS,
    currency: 'combat_tokens',
    glyph: g.glyph,
    targetsHero: true,
    use: (hero) =>
      hero
        ? { ok: false, error: `Put ${g.name} on from ${hero.name}’s page: Heroes → ${hero.name} → Gear` }
        : { ok: false, error: 'Choose a hero to use this on' },
  };
}

export const ITEMS: readonly ItemDef[] = [
  {
    id: 'draught_of_insight',
    name: 'Draught of Insight',
    type: 'potion',
    description: 'A bitter brew of old battle memories. The chosen hero gains 60 XP.',
    cost: 100,
    currency: 'gold',
    glyph: 'magic-potion',
    targetsHero: true,
    use: xpItem(60),
  },
  {
    id: 'elixir_of_mastery',
    name: 'Elixir of Mastery',
    type: 'potion',
    description: 'Distilled from a champion’s dreams. The chosen hero gains 300 XP.',
    cost: 350,
    currency: 'gold',
    glyph: 'bubbling-flask',
    targetsHero: true,
    use: xpItem(300),
  },
  {
    id: 'flask_of_essence',
    name: 'Flask of Essence',
    type: 'potion',
    description: 'Uncork it to release 50 magic essence into your reserves.',
    cost: 150,
    currency: 'gold',
    glyph: 'fizzing-flask',
    targetsHero: false,
    use: currencyItem({ magic_essence: 50 }, '50 magic essence'),
  },
  {
    id: 'heroic_tonic',
    name: 'Heroic Tonic',
    type: 'potion',
    description:
      'Thickens the blood for good. The chosen hero gains 5% of its base max HP, up to +25% (five tonics).',
    cost: 300,
    currency: 'gold',
    glyph: 'health-potion',
    targetsHero: true,
    use: upgradeItem(['max_hp']),
  },
  {
    id: 'tempered_edge',
    name: 'Tempered Edge',
    type: 'upgrade_mat',
    description: 'A master smith’s honing. The chosen hero gains 5% of its base attack, up to +25% (five edges).',
    cost: 300,
    currency: 'gold',
    glyph: 'anvil-impact',
    targetsHero: true,
    use: upgradeItem(['atk']),
  },
  {
    id: 'runed_plating',
    name: 'Runed Plating',
    type: 'upgrade_mat',
    description: 'Warded steel plates. The chosen hero gains 5% of its base defense, up to +25% (five platings).',
    cost: 300,
    currency: 'gold',
    glyph: 'armor-upgrade',
    targetsHero: true,
    use: upgradeItem(['def']),
  },
  {
    id: 'zephyr_feather',
    name: 'Zephyr Feather',
    type: 'upgrade_mat',
    description: 'Caught from a storm wind. The chosen hero gains 3% of its base speed, up to +15% (five feathers).',
    cost: 300,
    currency: 'gold',
    glyph: 'feather',
    targetsHero: true,
    use: upgradeItem(['spd']),
  },
  {
    id: 'rune_dust',
    name: 'Rune Dust',
    type: 'upgrade_mat',
    description: 'Scatter it over a hero to reroll all three abilities, with no essence spent.',
    cost: 200,
    currency: 'gold',
    glyph: 'powder',
    targetsHero: true,
    use(hero, t) {
      if (!hero) return { ok: false, error: 'Choose a hero to use this on' };
      const next = t.rerollAbilities(hero, t.seed);
      return { ok: true, hero: next, message: `${hero.name}’s abilities were rerolled: ${next.abilities.map((a) => a.name).join(', ')}.` };
    },
  },
  {
    id: 'summoners_seal',
    name: 'Summoner’s Seal',
    type: 'gear_token',
    description: 'A sealed summoning writ. Breaking it grants 1 summoning scroll.',
    cost: 250,
    currency: 'gold',
    glyph: 'scroll-unfurled',
    targetsHero: false,
    use: currencyItem({ summoning_scrolls: 1 }, '1 summoning scroll'),
  },
  {
    id: 'victors_coffer',
    name: 'Victor’s Coffer',
    type: 'gear_token',
    description: 'Arena spoils under lock and key. Opening it grants 300 gold.',
    cost: 10,
    currency: 'combat_tokens',
    glyph: 'open-treasure-chest',
    targetsHero: false,
    use: currencyItem({ gold: 300 }, '300 gold'),
  },
  {
    id: 'champions_banner',
    name: 'Champion’s Banner',
    type: 'gear_token',
    description:
      'Carried by arena champions. The chosen hero gains 5% of its base attack and defense and 3% of its base speed, within the upgrade caps.',
    cost: 15,
    currency: 'combat_tokens',
    glyph: 'knight-banner',
    targetsHero: true,
    use: upgradeItem(['atk', 'def', 'spd']),
  },
  {
    id: 'shard_of_ascension',
    name: 'Shard of Ascension',
    type: 'hero_shard',
    description: 'A sliver of a fallen star. The chosen hero gains exactly the XP it needs for its next level.',
    cost: 1500,
    currency: 'gold',
    glyph: 'crystal-cluster',
    targetsHero: true,
    use(hero, t) {
      if (!hero) return { ok: false, error: 'Choose a hero to use this on' };
      if (hero.level >= t.maxLevel) return { ok: false, error: `${hero.name} is already at the highest level` };
      const need = Math.max(1, t.xpToNextLevel(hero.level) - hero.xp);
      const r = t.grantXp(hero, need);
      return { ok: true, hero: r.hero, message: `${hero.name} gained ${need} XP and reached level ${r.newLevel}.` };
    },
  },
  {
    id: 'soul_shard',
    name: 'Soul Shard',
    type: 'hero_shard',
    description: 'The echo of a hero not yet summoned. Grants 2 summoning scrolls.',
    cost: 20,
    currency: 'combat_tokens',
    glyph: 'fire-gem',
    targetsHero: false,
    use: currencyItem({ summoning_scrolls: 2 }, '2 summoning scrolls'),
  },
  {
    id: 'prism_shard',
    name: 'Prism Shard',
    type: 'hero_shard',
    description: 'Light split into pure magic. Grants 120 magic essence.',
    cost: 6,
    currency: 'combat_tokens',
    glyph: 'crystal-shine',
    targetsHero: false,
    use: currencyItem({ magic_essence: 120 }, '120 magic essence'),
  },
  {
    id: STAR_SHARD_ITEM,
    name: 'Star Shard',
    type: 'hero_shard',
    description:
      `What is left of a dismissed hero. Star Shards stand in for a hero spent on ascension: ` +
      `${SHARDS_PER_HERO.map((n, i) => `${n} for a ${i + 1}★`).join(', ')}. ` +
      `Using them fuses ${SHARDS_PER_SCROLL} into 1 summoning scroll.`,
    cost: STAR_SHARD_TOKENS,
    currency: 'combat_tokens',
    glyph: 'star-formation',
    targetsHero: false,
    use: () => ({
      ok: true,
      consumes: SHARDS_PER_SCROLL,
      currencyDelta: { summoning_scrolls: 1 },
      message: `You fused ${SHARDS_PER_SCROLL} Star Shards into 1 summoning scroll.`,
    }),
  },
  {
    id: 'astral_sigil',
    name: 'Astral Sigil',
    type: 'gear_token',
    description: `Magic essence pressed into a summoning writ. Breaking it grants 1 summoning scroll.`,
    cost: SIGIL_ESSENCE,
    currency: 'magic_essence',
    glyph: 'rune-stone',
    targetsHero: false,
    use: currencyItem({ summoning_scrolls: 1 }, '1 summoning scroll'),
  },
  ...GEAR_LIST.map(gearItem),
];

export const ITEMS_BY_ID: ReadonlyMap<string, ItemDef> = new Map(ITEMS.map((i) => [i.id, i]));
