// Win odds off the request thread: a piscina pool (one worker per core) runs the rules core's estimateOdds
// (odds-worker.ts), and the fight's story too. Estimates are cached per matchup — each side's heroes with
// everything that changes how they fight — so a rematch between unchanged heroes costs nothing. An estimate is
// also a function of its matchup alone (its seed is the matchup's hash, each side in one fixed order): the odds
// read (routes/odds.ts) and the fight after it state the same number even when the cache has forgotten it, or
// another instance answers. The queue of work waiting for a thread is bounded: past it a new estimate is refused
// (OddsPoolBusy, a 503 in fights.ts) at once instead of waiting, so a flood of distinct fights cannot pile up
// work or slow everything else.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { hashSeed } from '../game/index.ts';
import type { Hero } from '../game/types.ts';

export interface Odds {
  probability: number;
  samples: number;
  /** The worker thread that estimated it (never 0, the main thread). */
  thread?: number;
}

export interface OddsTask {
  seed: number;
  a: Hero[];
  b: Hero[];
}

export interface NarrateTask extends OddsTask {
  won: boolean;
}

export interface Story {
  description: string;
  scenarios: { win: string; lose: string };
}

export const DEFAULT_ODDS_CACHE_SIZE = 5000;
/** Tasks that may wait for a thread, per thread: about 8 × 20–55 ms of work, so a fight waits < 0.5 s. */
export const ODDS_QUEUE_PER_THREAD = 8;

/** The queue is full: the fight is refused before anything was paid or written. */
export class OddsPoolBusy extends Error {
  constructor() {
    super('odds pool queue is full');
  }
}

/** A hero's identity for the cache: who it is and everything that can change how it fights. */
const heroKey = (h: Hero): string =>
  `${h.id}:${h.level}:${h.rarity}:${h.atk}:${h.def}:${h.spd}:${h.max_hp}:${h.abilities.map((a) => a.id).join('+')}`;

/** A side's identity for the cache, whatever order its heroes were picked in. */
export function sideKey(team: Hero[]): string {
  return team.map(heroKey).sort().join('|');
}

/** The side in its one fixed order (that of sideKey), so the picking order never changes an estimate. */
function inKeyOrder(team: Hero[]): Hero[] {
  return team
    .map((h) => ({ h, key: heroKey(h) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
    .map((x) => x.h);
}

export class OddsPool {
  private readonly pool: Piscina;
  private readonly cache = new Map<string, Odds>();
  private readonly inflight = new Map<string, Promise<Odds>>();
  /** tasks that may wait for a thread before new estimates are refused */
  readonly maxQueue: number;
  hits = 0;
  misses = 0;
  refused = 0;

  constructor(
    threads = availableParallelism(),
    private readonly cacheSize = DEFAULT_ODDS_CACHE_SIZE,
    maxQueue?: number,
  ) {
    this.maxQueue = Math.max(1, Math.floor(maxQueue ?? Math.max(1, threads) * ODDS_QUEUE_PER_THREAD));
    this.pool = new Piscina({
      filename: new URL('./odds-worker.ts', import.meta.url).href,
      // Workers run TypeScript through tsx, whatever loaded the parent (node --import tsx, vitest …).
      execArgv: ['--import', 'tsx'],
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
    });
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  /** Tasks waiting for a thread now. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /**
   * Estimates are waiting and the queue is full: a new (uncached) fight would be refused, so fights are refused
   * before any of their work is done. A queue of stories alone (fights of known matchups) refuses nothing.
   */
  get saturated(): boolean {
    return this.inflight.size > 0 && this.pool.queueSize >= this.maxQueue;
  }

  /**
   * Refuses new work past `limit` waiting tasks. A fight's story is let in up to twice the bound: the fight it
   * belongs to was admitted, and finishing it frees its place sooner than refusing it would.
   */
  private admit(limit: number): void {
    if (this.pool.queueSize >= limit) {
      this.refused++;
      throw new OddsPoolBusy();
    }
  }

  /** Chance that side `a` beats side `b`. Same matchup, same answer, until either side changes. */
  async estimate(a: Hero[], b: Hero[]): Promise<Odds> {
    const key = `${sideKey(a)}#${sideKey(b)}`;
    const known = this.cache.get(key);
    if (known) {
      this.hits++;
      // Refresh recency: Map keeps insertion order, so the oldest entry is evicted first.
      this.cache.delete(key);
      this.cache.set(key, known);
      return known;
    }
    const running = this.inflight.get(key);
    if (running) return running;
    this.admit(this.maxQueue);
    this.misses++;
    const task: OddsTask = { seed: hashSeed('odds', key), a: inKeyOrder(a), b: inKeyOrder(b) };
    const job = (this.pool.run(task) as Promise<Odds>).then((odds) => {
      if (this.cacheSize > 0) {
        this.cache.set(key, odds);
        if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
      }
      return odds;
    });
    this.inflight.set(key, job);
    try {
      return await job;
    } finally {
      this.inflight.delete(key);
    }
  }

  /** The fight's story, simulated in a worker too (an unlikely outcome can take dozens of simulated battles). */
  async narrate(seed: number, a: Hero[], b: Hero[], won: boolean): Promise<Story> {
    this.admit(this.maxQueue * 2);
    return this.pool.run({ seed, a, b, won } satisfies NarrateTask, { name: 'narrate' }) as Promise<Story>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
