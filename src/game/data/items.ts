// The shop's items: one typed table keyed by a stable id. Each entry's `use` hook says what the item does;
// src/game/items.ts runs it (useItem) with the rules core's tools, and the server applies the outcome in one
// transaction. Glyphs are @iconify-json/game-icons names. Prices are in `currency` (gold unless said).
import type { Hero } from '../types.ts';

export type ItemKind = 'potion' | 'upgrade_mat' | 'gear_token' | 'hero_shard';
export type Currency = 'gold' | 'magic_essence' | 'summoning_scrolls' | 'combat_tokens';

/** What the rules core lends an item's hook: it never reaches for anything else. */
export interface ItemTools {
  grantXp(hero: Hero, xp: number): { hero: Hero; leveledUp: boolean; newLevel: number };
  xpToNextLevel(level: number): number;
  rerollAbilities(hero: Hero, seed: number): Hero;
  maxLevel: number;
  seed: number;
}

export type ItemOutcome =
  | { ok: true; hero?: Hero; currencyDelta?: Partial<Record<Currency, number>>; message: string }
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

function statItem(gain: Partial<Pick<Hero, 'max_hp' | 'atk' | 'def' | 'spd'>>, label: string) {
  return (hero: Hero | undefined): ItemOutcome => {
    if (!hero) return { ok: false, error: 'Choose a hero to use this on' };
    const next: Hero = {
      ...hero,
      max_hp: hero.max_hp + (gain.max_hp ?? 0),
      hp: hero.hp + (gain.max_hp ?? 0),
      atk: hero.atk + (gain.atk ?? 0),
      def: hero.def + (gain.def ?? 0),
      spd: hero.spd + (gain.spd ?? 0),
    };
    return { ok: true, hero: next, message: `${hero.name} gained ${label}.` };
  };
}

function currencyItem(delta: Partial<Record<Currency, number>>, label: string) {
  return (): ItemOutcome => ({ ok: true, currencyDelta: delta, message: `You received ${label}.` });
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
    description: 'Thickens the blood for good. The chosen hero gains 40 max HP permanently.',
    cost: 250,
    currency: 'gold',
    glyph: 'health-potion',
    targetsHero: true,
    use: statItem({ max_hp: 40 }, '40 max HP'),
  },
  {
    id: 'tempered_edge',
    name: 'Tempered Edge',
    type: 'upgrade_mat',
    description: 'A master smith’s honing. The chosen hero gains 4 attack permanently.',
    cost: 300,
    currency: 'gold',
    glyph: 'anvil-impact',
    targetsHero: true,
    use: statItem({ atk: 4 }, '4 attack'),
  },
  {
    id: 'runed_plating',
    name: 'Runed Plating',
    type: 'upgrade_mat',
    description: 'Warded steel plates. The chosen hero gains 4 defense permanently.',
    cost: 300,
    currency: 'gold',
    glyph: 'armor-upgrade',
    targetsHero: true,
    use: statItem({ def: 4 }, '4 defense'),
  },
  {
    id: 'zephyr_feather',
    name: 'Zephyr Feather',
    type: 'upgrade_mat',
    description: 'Caught from a storm wind. The chosen hero gains 3 speed permanently.',
    cost: 300,
    currency: 'gold',
    glyph: 'feather',
    targetsHero: true,
    use: statItem({ spd: 3 }, '3 speed'),
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
    description: 'Arena spoils under lock and key. Opening it grants 400 gold.',
    cost: 10,
    currency: 'combat_tokens',
    glyph: 'open-treasure-chest',
    targetsHero: false,
    use: currencyItem({ gold: 400 }, '400 gold'),
  },
  {
    id: 'champions_banner',
    name: 'Champion’s Banner',
    type: 'gear_token',
    description: 'Carried by arena champions. The chosen hero gains 3 attack, 3 defense and 2 speed permanently.',
    cost: 15,
    currency: 'combat_tokens',
    glyph: 'knight-banner',
    targetsHero: true,
    use: statItem({ atk: 3, def: 3, spd: 2 }, '3 attack, 3 defense and 2 speed'),
  },
  {
    id: 'shard_of_ascension',
    name: 'Shard of Ascension',
    type: 'hero_shard',
    description: 'A sliver of a fallen star. The chosen hero gains exactly the XP it needs for its next level.',
    cost: 500,
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
];

export const ITEMS_BY_ID: ReadonlyMap<string, ItemDef> = new Map(ITEMS.map((i) => [i.id, i]));
