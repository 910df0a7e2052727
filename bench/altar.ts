// The numbers behind the summoning altar (docs/game-rules.md "The altar"), measured and computed — nothing sampled
// but the battles:
//   1. What rarity does to a hero's win rate: level-matched battles on the fast path the odds use (normal AI on both
//      sides), a hero of each rarity against typical heroes (rarity rolled at the altar's odds) — 1v1 duels, and 4v4
//      with one such hero among three typical ones against four typical ones. Draws count half.
//   2. Summon income per day, from the daily layer's data: the free scrolls (the bonus for the day's three quests,
//      the calendar's scrolls), and as an upper bound for a player of the layer alone, all its gold spent on
//      Summoner's Seals.
//   3. The base rates and pity thresholds against the targets they were set by, exactly (src/game/altar.ts): the
//      chance a pair holds each rarity or better, the mean and the worst pairs (and days) to one with pity, the
//      share of waits that reach the pity, the strongest promise that leaves most waits to the odds (at most 30% of
//      4★ waits, 10% of 5★ ones reach it), and the long-run share of each rarity with the pity included.
// Run: npm run sim:altar [battles per cell, default 4000]
import {
  ALTAR,
  afterPair,
  compileTeam,
  consolidatedRates,
  createPrng,
  DRAW,
  floorOdds,
  generateHero,
  pairFloor,
  RARITY_ODDS,
  SIDE0_WON,
  simulate,
  type Hero,
  type PityCounters,
  type PityRule,
} from '../src/game/index.ts';
import { CALENDAR, DAILY_BONUS, QUESTS, QUESTS_PER_DAY } from '../src/game/data/quests.ts';
import { ITEMS_BY_ID } from '../src/game/data/items.ts';

const BATTLES = Number(process.argv[2] ?? 4000);
const LEVELS = [1, 5, 10];
const POOL = 600;
const pct = (x: number, d = 1) => `${(x * 100).toFixed(d)}%`;

// --- 1. Rarity and win rate ------------------------------------------------------------------------------------
function pool(level: number, rarity?: number): Hero[] {
  return Array.from({ length: POOL }, (_, i) =>
    generateHero(level * 1_000_003 + (rarity ?? 0) * 100_019 + i * 7919, {
      id: `a${level}_${rarity ?? 't'}_${i}`,
      userId: null,
      level,
      rarity,
    }),
  );
}

function winRate(mine: Hero[], typical: Hero[], teamSize: number, seed: number): number {
  const rng = createPrng(seed);
  const pick = (p: Hero[]) => p[rng.int(p.length)];
  let score = 0;
  for (let i = 0; i < BATTLES; i++) {
    const a = [pick(mine), ...Array.from({ length: teamSize - 1 }, () => pick(typical))];
    const b = Array.from({ length: teamSize }, () => pick(typical));
    const result = simulate(rng.int(2 ** 31), compileTeam(a), compileTeam(b));
    score += result === SIDE0_WON ? 1 : result === DRAW ? 0.5 : 0;
  }
  return score / BATTLES;
}

console.log(`1. Win rate of a hero of each rarity against typical heroes (${BATTLES} battles a cell)\n`);
console.log('| Level | Battle | 1★ | 2★ | 3★ | 4★ | 5★ |');
console.log('| ----- | ------ | -- | -- | -- | -- | -- |');
const started = performance.now();
for (const level of LEVELS) {
  const typical = pool(level);
  const byRarity = [1, 2, 3, 4, 5].map((r) => pool(level, r));
  for (const size of [1, 4]) {
    const rates = byRarity.map((mine, i) => winRate(mine, typical, size, level * 31 + size * 7 + i));
    console.log(
      `| ${level} | ${size === 1 ? '1v1' : '4v4, one of four'} | ${rates.map((r) => pct(r)).join(' | ')} |`,
    );
  }
}
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);

// --- 2. Summon income per day -----------------------------------------------------------------------------------
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const gold = (r: { gold?: number }) => r.gold ?? 0;
const fights = QUESTS.filter((q) => q.group === 'fight');
const errands = QUESTS.filter((q) => q.group === 'errand');
const questGold =
  QUESTS_PER_DAY.fight * mean(fights.map((q) => gold(q.reward))) +
  QUESTS_PER_DAY.errand * mean(errands.map((q) => gold(q.reward))) +
  gold(DAILY_BONUS) +
  mean(CALENDAR.map(gold));
const freeScrolls =
  (DAILY_BONUS.summoning_scrolls ?? 0) + mean(CALENDAR.map((r) => r.summoning_scrolls ?? 0));
const seal = ITEMS_BY_ID.get('summoners_seal')!;
const incomes = [
  { who: 'the daily layer only (its free scrolls)', pairs: freeScrolls },
  { who: 'and all its gold on Seals (an upper bound)', pairs: freeScrolls + questGold / seal.cost },
];
console.log('\n2. Summon income a day (pairs)\n');
console.log(
  `free scrolls: ${freeScrolls.toFixed(3)} a day; quest gold ${questGold.toFixed(0)} a day = ${(questGold / seal.cost).toFixed(2)} Seals (${seal.cost} gold)`,
);
for (const i of incomes) console.log(`  ${i.who}: ${i.pairs.toFixed(2)} pairs a day`);
const daily = incomes[0].pairs;

// --- 3. Base rates and pity, exactly ------------------------------------------------------------------------------
/** The chance a pair at the plain odds holds rarity r or better. */
const pairAtLeast = (r: number) => 1 - (1 - RARITY_ODDS.slice(r - 1).reduce((a, b) => a + b, 0)) ** 2;
console.log(
  '\n3a. Base rates: a pair holding each rarity or better, and the mean days to one for the daily player\n',
);
console.log(
  '| Rarity | Chance a candidate | A pair holds it or better | Mean pairs | Mean days (daily layer only) |',
);
for (let r = 1; r <= 5; r++)
  console.log(
    `| ${r}★ | ${pct(RARITY_ODDS[r - 1], 1)} | ${pct(pairAtLeast(r), 1)} | ${(1 / pairAtLeast(r)).toFixed(1)} | ${(1 / pairAtLeast(r) / daily).toFixed(1)} |`,
  );

/**
 * Exactly, from a fresh start (every counter 0): the chance that the wait for a pair holding `rarity` or better is k
 * pairs, k = 1 … until the mass left is negligible, under `pity` — the counters' chain carried forward, the mass
 * that reaches the rarity taken out each step.
 */
function waitFor(rarity: number, pity: readonly PityRule[]): number[] {
  let mass = new Map<string, { c: PityCounters; p: number }>([['', { c: {}, p: 1 }]]);
  const dist: number[] = [];
  for (let k = 1; mass.size > 0 && k < 10_000; k++) {
    const next = new Map<string, { c: PityCounters; p: number }>();
    let reached = 0;
    for (const { c, p } of mass.values()) {
      const first = floorOdds(pairFloor(c, pity));
      for (let a = 1; a <= 5; a++)
        for (let b = 1; b <= 5; b++) {
          const q = p * first[a - 1] * RARITY_ODDS[b - 1];
          if (q === 0) continue;
          const best = Math.max(a, b);
          if (best >= rarity) {
            reached += q;
            continue;
          }
          const after = afterPair(c, best, pity);
          const key = JSON.stringify(after);
          const held = next.get(key);
          if (held) held.p += q;
          else next.set(key, { c: after, p: q });
        }
    }
    dist.push(reached);
    for (const [key, v] of next) if (v.p < 1e-15) next.delete(key);
    mass = next;
  }
  return dist;
}

function pityRow(rule: PityRule, pity: readonly PityRule[]) {
  const dist = waitFor(rule.rarity, pity);
  const shares = consolidatedRates(ALTAR.rates, pity);
  return {
    meanPairs: dist.reduce((s, p, i) => s + p * (i + 1), 0),
    // The waits still going at the promised pair: the pity draws it.
    reachPity: 1 - dist.slice(0, rule.within - 1).reduce((a, b) => a + b, 0),
    worstDays: rule.within / daily,
    worstDaysSeals: rule.within / incomes[1].pairs,
    share: shares.slice(rule.rarity - 1).reduce((a, b) => a + b, 0),
  };
}

console.log('\n3b. Pity thresholds around the chosen ones (the other rule as chosen)\n');
console.log(
  '| Rule | Mean pairs to one | Waits that reach the pity | Worst wait, daily layer only | Worst, with Seals | Long-run share per candidate (that rarity or better) |',
);
for (const chosen of ALTAR.pity)
  for (const within of [0.6, 0.8, 1, 1.25, 1.5].map((f) => Math.round(chosen.within * f))) {
    const pity = ALTAR.pity.map((r) => (r.rarity === chosen.rarity ? { ...r, within } : r));
    const row = pityRow({ rarity: chosen.rarity, within }, pity);
    console.log(
      `| ${chosen.rarity}★${chosen.rarity < 5 ? ' or better' : ''} within ${within}${within === chosen.within ? ' (chosen)' : ''} | ${row.meanPairs.toFixed(1)} | ${pct(row.reachPity)} | ${row.worstDays.toFixed(1)} days | ${row.worstDaysSeals.toFixed(1)} days | ${pct(row.share, 2)} |`,
    );
  }

/** The criterion the thresholds were set by: the pity reached by at most this share of waits. */
const REACH_AT_MOST: Record<number, number> = { 4: 0.3, 5: 0.1 };
console.log('\n3c. The strongest promise that leaves most waits to the odds\n');
for (const chosen of ALTAR.pity) {
  const pityAt = (w: number) => ALTAR.pity.map((r) => (r.rarity === chosen.rarity ? { ...r, within: w } : r));
  let within = 2;
  while (pityRow({ rarity: chosen.rarity, within }, pityAt(within)).reachPity > REACH_AT_MOST[chosen.rarity])
    within++;
  console.log(
    `${chosen.rarity}★: the pity reached by at most ${pct(REACH_AT_MOST[chosen.rarity], 0)} of waits from ${within} pairs on (used: ${chosen.within}, ${pct(pityRow(chosen, ALTAR.pity).reachPity)})`,
  );
}

console.log(
  '\n3d. The long-run share of each rarity per candidate, with the chosen pity (exact; /fairness states it)\n',
);
const shares = consolidatedRates();
console.log(`| Rarity | Base | With pity |`);
shares.forEach((s, i) => console.log(`| ${i + 1}★ | ${pct(RARITY_ODDS[i], 2)} | ${pct(s, 2)} |`));
