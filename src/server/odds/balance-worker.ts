// The Balance chart's thread (fairness.ts starts it when the measure under the current rules is missing): names the
// rules version a measure would be under, and runs the measure itself (src/game/balance.ts, the core of
// `npm run balance`), at the lowest priority so neither requests nor fights wait for it.
import { createHash } from 'node:crypto';
import {
  BALANCE_LEVELS,
  BALANCE_TEAM,
  ENGINE_VERSION,
  balanceInterval,
  balancePools,
  createPrng,
  fightingFingerprints,
  groupName,
  measureBalance,
  type Hero,
  type Tally,
} from '../../game/index.ts';
import type { BalanceGroupEntry } from '../../api/fairness.ts';
import type { BalanceSample, MeasuredBalance } from './fairness.ts';
import { lowerThreadPriority } from '../foundation/thread-priority.ts';

lowerThreadPriority(19);

let pools: { size: number; heroes: Map<number, Hero[]> } | null = null;
const poolsOf = (size: number) => {
  if (pools?.size !== size) pools = { size, heroes: balancePools(size) };
  return pools.heroes;
};

/**
 * The rules version of a measure: a hash of the engine's version (every content table a battle reads, and the
 * hand-bumped rules revision), the sample, and how each sampled hero fights (its fingerprint: stats, abilities,
 * traits — so a change to generation or progression changes it too).
 */
export function rulesOf(sample: BalanceSample): string {
  const hash = createHash('sha256').update(
    JSON.stringify({ engine: ENGINE_VERSION, sample, levels: BALANCE_LEVELS, team: BALANCE_TEAM }),
  );
  for (const [level, heroes] of poolsOf(sample.pool))
    hash.update(`#${level}:`).update(fightingFingerprints(heroes).join('|'));
  return hash.digest('base64url').slice(0, 22);
}

function entries(group: 'race' | 'class' | 'type', tally: Tally): BalanceGroupEntry[] {
  return [...tally.entries()]
    .map(([id, r]) => {
      const { rate, low, high } = balanceInterval(r)!;
      return { id, name: groupName(group, id), wins: r.wins, games: r.games, rate, interval: { low, high } };
    })
    .sort((a, b) => b.rate - a.rate || a.name.localeCompare(b.name));
}

// Piscina loads a worker by its default export (the only way tsx's loader reaches a worker thread here).
export default function measure(sample: BalanceSample): MeasuredBalance {
  const rules = rulesOf(sample);
  const run = measureBalance(poolsOf(sample.pool), sample.battles, createPrng(sample.seed));
  return {
    rules,
    battles: run.battles,
    draws: run.draws,
    team_size: BALANCE_TEAM,
    levels: [...BALANCE_LEVELS],
    race: entries('race', run.race),
    class: entries('class', run.class),
    type: entries('type', run.type),
  };
}
