// Honest odds and the story of a fight. The probability is the win rate of side A over simulated battles
// (./simulate.ts, the same rules core as every other battle), sampled until the 95% interval is narrow.
// The story is a real simulated battle, played with the full event log, whose outcome matches the one rolled.

import type { BattleEvent, FightResolution, Hero } from '../types.ts';
import { ABILITIES, attackNameOf, own } from '../content.ts';
import { createPrng, hashSeed } from '../prng.ts';
import { ACTION_DEFS, compileTeam, type CompiledTeam } from './compile.ts';
import { simulate } from './simulate.ts';
import { SIDE0_WON } from './core.ts';
import { ODDS_SAMPLING, nextLook, settled, type OddsSampling } from './sampling.ts';
import { startBattle } from './turn-based.ts';
import type { EventFacts } from './narration.ts';

export { ODDS_SAMPLING, intervalHalfWidth, nextLook, settled, type OddsSampling } from './sampling.ts';

const ACTIONS = new Map(ACTION_DEFS.map((a) => [a.id, a]));

/**
 * Side A's wins over the estimate's battles `from` to `to` (exclusive). Battle k of an estimate is seeded from the
 * estimate's seed and k alone, so the battles can be shared among threads and counted in any order.
 */
export function sampleWins(seed: number, a: Hero[], b: Hero[], from: number, to: number): number {
  return countWins(seed >>> 0, compileTeam(a), compileTeam(b), from, to);
}

function countWins(base: number, ta: CompiledTeam, tb: CompiledTeam, from: number, to: number): number {
  let wins = 0;
  for (let n = from; n < to; n++)
    if (simulate((base + Math.imul(n + 1, 0x9e3779b9)) | 0, ta, tb) === SIDE0_WON) wins++;
  return wins;
}

export function estimateOdds(
  seed: number,
  a: Hero[],
  b: Hero[],
  o: { minSamples?: number; maxSamples?: number; halfWidth?: number } = {},
): { probability: number; samples: number } {
  const min = o.minSamples ?? ODDS_SAMPLING.min;
  const s = {
    min,
    step: ODDS_SAMPLING.step,
    max: Math.max(min, o.maxSamples ?? ODDS_SAMPLING.max),
    half: o.halfWidth ?? ODDS_SAMPLING.half,
  };
  const r = screenedEstimate(seed, a, b, [], s);
  return { probability: r.estimate!, samples: r.samples };
}

/** A look on the way to an estimate: after `battles`, a share of wins outside `within` ends it, unestimated. */
export interface ScreenLook {
  battles: number;
  within: readonly [number, number];
}

/** What a screened estimate found: the estimate (null: a look passed the matchup over) and the share it stopped at. */
export interface Screened {
  chance: number;
  samples: number;
  estimate: number | null;
}

/**
 * The estimate of estimateOdds — the same battles, stopped at the same look, so the same number — unless one of
 * `looks` on the way finds the share of wins outside its range first: a matchup worth an estimate only when it may
 * be close (Find a fair match) costs the battles of its looks when it is not, and its looks' battles are never
 * played twice when it is.
 */
export function screenedEstimate(
  seed: number,
  a: Hero[],
  b: Hero[],
  looks: readonly ScreenLook[],
  s: OddsSampling = ODDS_SAMPLING,
): Screened {
  const ta = compileTeam(a);
  const tb = compileTeam(b);
  if (ta.n === 0 || tb.n === 0) {
    const p = ta.n > 0 ? 1 : 0;
    return { chance: p, samples: 0, estimate: p };
  }
  let wins = 0;
  let n = 0;
  let look = 0;
  let stop = nextLook(0, s);
  for (;;) {
    const at = Math.min(stop, looks[look]?.battles ?? Infinity);
    wins += countWins(seed >>> 0, ta, tb, n, at);
    n = at;
    if (n === looks[look]?.battles) {
      const [low, high] = looks[look++].within;
      if (wins / n < low || wins / n > high) return { chance: wins / n, samples: n, estimate: null };
    }
    if (n === stop) {
      if (settled(wins, n, s)) return { chance: wins / n, samples: n, estimate: wins / n };
      stop = nextLook(n, s);
    }
  }
}

// ---- narration ------------------------------------------------------------------------------------------------

const listNames = (hs: Hero[]) => {
  const names = hs.map((h) => h.name.split(' ')[0]);
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};

function storyOf(
  events: readonly EventFacts[],
  a: Hero[],
  b: Hero[],
  outcome: 'won' | 'lost' | 'draw',
): string {
  const name = new Map<string, string>();
  for (const h of [...a, ...b]) name.set(h.id, h.name.split(' ')[0]);
  const sideA = new Set(a.map((h) => h.id));
  const n = (id?: string) => (id ? (name.get(id) ?? 'someone') : 'someone');
  const heroes = new Map([...a, ...b].map((h) => [h.id, h]));
  // What was used, by name, from the event's facts: a basic action named by the class's attack is told by it; the
  // other basic actions (Defend, Focus) are not worth telling.
  const abilityName = (e: EventFacts): string | undefined => {
    const def = e.ability_id === undefined ? undefined : ACTIONS.get(e.ability_id);
    if (def?.basic === undefined) return def?.name;
    const hero = e.actor_id ? heroes.get(e.actor_id) : undefined;
    return def.basic.classNamed && hero ? attackNameOf(hero) : undefined;
  };
  const isUltimate = (e: EventFacts) => !!e.ability_id && own(ABILITIES, e.ability_id)?.type === 'ultimate';
  const sentences: string[] = [];
  sentences.push(
    a.length === 1 && b.length === 1
      ? `${n(a[0].id)} squared off against ${n(b[0].id)}.`
      : `${listNames(a)} faced ${listNames(b)}.`,
  );
  // The moments worth telling, told in the order they happened: the opener, the first ultimate, the turning point.
  const moments: { at: number; text: string }[] = [];
  const opener = events.find(
    (e) => e.kind === 'ability' && e.actor_id && sideA.has(e.actor_id) && abilityName(e),
  );
  if (opener)
    moments.push({
      at: events.indexOf(opener),
      text: `${n(opener.actor_id)} opened with ${abilityName(opener)}${opener.target_id && !sideA.has(opener.target_id) ? ` on ${n(opener.target_id)}` : ''}.`,
    });
  const ult = events.find((e) => e.kind === 'ability' && isUltimate(e) && e !== opener);
  if (ult)
    moments.push({
      at: events.indexOf(ult),
      text: `${n(ult.actor_id)} unleashed ${abilityName(ult)} on turn ${ult.turn}.`,
    });
  // The turning point: the first fall on the losing side (or the first fall at all). When it is also the
  // last fall of the battle, it was the finishing blow and is told as one.
  const loserIds = outcome === 'won' ? new Set(b.map((h) => h.id)) : sideA;
  const deaths = events.filter((e) => e.kind === 'death');
  const turning = deaths.find((e) => e.target_id && loserIds.has(e.target_id)) ?? deaths[0];
  if (turning) {
    const idx = events.indexOf(turning);
    const blow = [...events.slice(0, idx)]
      .reverse()
      .find((e) => e.kind === 'ability' && e.actor_id === turning.actor_id);
    const how = blow && abilityName(blow) ? `'s ${abilityName(blow)}` : '';
    const killer = turning.actor_id && turning.actor_id !== turning.target_id ? turning.actor_id : undefined;
    const finishing = turning === deaths[deaths.length - 1] && outcome !== 'draw';
    moments.push({
      at: idx,
      text:
        finishing && killer
          ? `On turn ${turning.turn}, ${n(killer)}${how} finished ${n(turning.target_id)}.`
          : `The turning point came on turn ${turning.turn}, when ${n(turning.target_id)} fell${killer ? ` to ${n(killer)}${how}` : ''}.`,
    });
  }
  moments.sort((x, y) => x.at - y.at);
  sentences.push(...moments.map((m) => m.text));
  const lastTurn = events.length ? events[events.length - 1].turn : 0;
  const turns = `${lastTurn} turn${lastTurn === 1 ? '' : 's'}`;
  if (outcome === 'draw')
    sentences.push(`After ${turns} neither side could finish the other, and time ran out.`);
  else {
    const winners = outcome === 'won' ? a : b;
    const dead = new Set(deaths.map((e) => e.target_id));
    const standing = winners.filter((h) => !dead.has(h.id));
    const side = outcome === 'won' ? listNames(a) : listNames(b);
    sentences.push(
      `After ${turns} ${side} stood victorious${standing.length && standing.length < winners.length ? `, with ${listNames(standing)} still on their feet` : ''}.`,
    );
  }
  return sentences.slice(0, 5).join(' ');
}

function scenarios(a: Hero[], b: Hero[]): { win: string; lose: string } {
  const star = (hs: Hero[]) => [...hs].sort((x, y) => y.atk - x.atk)[0];
  const ult = (h: Hero) => h.abilities.find((x) => x.type === 'ultimate')?.name ?? 'a final blow';
  const sa = star(a);
  const sb = star(b);
  if (!sa || !sb) return { win: 'Victory.', lose: 'Defeat.' };
  const fa = sa.name.split(' ')[0];
  const fb = sb.name.split(' ')[0];
  return {
    win: `${fa} lands ${ult(sa)} at the right moment, ${fb} falls, and ${a.length > 1 ? 'the party' : fa} carries the day.`,
    lose: `${fb}'s ${ult(sb)} breaks the line; ${a.length > 1 ? 'the party is overwhelmed' : `${fa} is overwhelmed`} before the tide can turn.`,
  };
}

/** The simulated battle a fight's story tells: its seed and its events (facts and sentences), for the replay. */
export interface ToldBattle {
  seed: number;
  events: BattleEvent[];
}

/** Simulated battles a fight's story looks through for one that went the rolled way. */
export const STORY_TRIES = 40;

/**
 * Tell the story of a simulated battle (both sides played by the AI) whose outcome for side A is `won`, and
 * answer that battle (`told`; null when none of STORY_TRIES went that way and the story says so instead). The
 * battles are looked through on the fast path, which plays the same battle from the same seed
 * (engine.test.ts); only the one told is played again with its events (~25 times the cost).
 */
export function narrateFight(
  seed: number,
  a: Hero[],
  b: Hero[],
  won: boolean,
): { description: string; scenarios: { win: string; lose: string }; told: ToldBattle | null } {
  const [ta, tb] = [compileTeam(a), compileTeam(b)];
  for (let k = 0; k < STORY_TRIES; k++) {
    const storySeed = hashSeed(seed, 'story', k);
    if ((simulate(storySeed, ta, tb) === SIDE0_WON) !== won) continue;
    const told = tellAgain(storySeed, a, b);
    return { ...fightStory(told, a, b, won), told };
  }
  // No simulated battle went this way: the odds were lopsided and the dice defied them.
  return { ...fightStory(null, a, b, won), told: null };
}

/** The battle a fight's story tells, played again from its seed (the same rules give the same facts). */
export function tellAgain(seed: number, a: Hero[], b: Hero[], turnLimit?: number): ToldBattle {
  return { seed, events: startBattle(seed, a, b, { battleId: 'story', auto: true, turnLimit }).state.events };
}

/**
 * A fight's story and its two scenarios, from the battle it tells (null: none went the rolled way) — told when it
 * is fought and told again from its record (src/server/store/battle-record.ts).
 */
export function fightStory(
  told: { events: readonly EventFacts[] } | null,
  a: Hero[],
  b: Hero[],
  won: boolean,
): { description: string; scenarios: { win: string; lose: string } } {
  if (told) {
    const outcome = told.events.at(-1)?.outcome ?? (won ? 'won' : 'lost');
    return { description: storyOf(told.events, a, b, outcome), scenarios: scenarios(a, b) };
  }
  const desc = won
    ? `Against all odds, ${listNames(a)} overcame ${listNames(b)}: a desperate stand that no one expected to hold.`
    : `Despite every advantage, ${listNames(a)} fell to ${listNames(b)} in a stunning reversal.`;
  return { description: desc, scenarios: scenarios(a, b) };
}

/** estimateOdds + a roll from the PRNG (A wins exactly when roll > 1 - probability) + the story. */
export function resolveFight(seed: number, a: Hero[], b: Hero[]): FightResolution {
  const { probability, samples } = estimateOdds(seed, a, b);
  const roll = createPrng(hashSeed(seed, 'roll')).next();
  const won = roll > 1 - probability;
  const story = narrateFight(seed, a, b, won);
  return { probability, roll, won, description: story.description, scenarios: story.scenarios, samples };
}
