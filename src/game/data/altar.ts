// The summoning altar as data: the chance of each rarity for one candidate, the pity rule (a pair at the promised
// rarity or better within so many pairs), and the long-run share of each rarity with the pity included — the figure
// /fairness publishes. The rules that use them: src/game/altar.ts (the counters, the floor, the exact long-run share);
// the server moves a player's counters in the summon's transaction (src/server/heroes/summoning.ts). Where the numbers come
// from (what rarity does to a hero's win rate, the scrolls a day brings): docs/game-rules.md "The altar".

export interface RarityChance {
  /** 1–5 stars */
  rarity: number;
  /** a share, 0–1 */
  chance: number;
}

export interface PityRule {
  /** the pair is drawn at this rarity or better … */
  rarity: number;
  /** … when it would otherwise be the `within`th pair in a row without one */
  within: number;
}

export interface AltarDef {
  /** per candidate, before any pity: every rarity once, in order, summing to 1 */
  rates: readonly RarityChance[];
  /** lower rarities first; a pair that reaches one entry's rarity resets every entry at or below it */
  pity: readonly PityRule[];
  /**
   * The long-run share of each rarity per candidate with the pity included, as /fairness states it (rounded to
   * 0.01 points). src/game/altar.test.ts computes it exactly from `rates` and `pity` and holds this to 0.1 points.
   */
  consolidated: readonly RarityChance[];
}

export const ALTAR = {
  rates: [
    { rarity: 1, chance: 0.5 },
    { rarity: 2, chance: 0.3 },
    { rarity: 3, chance: 0.135 },
    { rarity: 4, chance: 0.05 },
    { rarity: 5, chance: 0.015 },
  ],
  pity: [
    { rarity: 4, within: 10 },
    { rarity: 5, within: 55 },
  ],
  consolidated: [
    { rarity: 1, chance: 0.4866 },
    { rarity: 2, chance: 0.292 },
    { rarity: 3, chance: 0.1314 },
    { rarity: 4, chance: 0.0676 },
    { rarity: 5, chance: 0.0224 },
  ],
} as const satisfies AltarDef;
