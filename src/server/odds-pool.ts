// Win odds off the request thread: a piscina pool (one worker per core) runs the rules core's estimateOdds
// (odds-worker.ts), and the fight's story too. Estimates are cached per matchup — each side's heroes with
// everything that changes how they fight — so a rematch between unchanged heroes costs nothing. An estimate is
// also a function of its matchup alone (its seed is the matchup's hash, each side in one fixed order): the odds
// read (routes/odds.ts) and the fight after it state the same number even when the cache has forgotten it, or
// another instance answers. The queue of work waiting for a thread is bounded: a new estimate that finds it full
// waits a moment for room (a bounded number may wait), then is refused (OddsPoolBusy, a 503 in fights.ts), so a
// flood of distinct fights cannot pile up work or slow everything else.
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

/** How long a fight that finds the queue full waits for room before it is refused (a burst passes; a flood slows). */
export const DEFAULT_ODDS_WAIT_MS = 500;
/** Fights that may wait for room at once, per place in the queue; past it a fight is refused at once. */
const WAITING_PER_QUEUE_PLACE = 32;

export class OddsPool {
  private readonly pool: Piscina;
  /** Fights waiting for room in the full queue, oldest first: each is woken as a task finishes, or refused at its time. */
  private readonly waiting = new Set<() => void>();
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
    private readonly waitMs = DEFAULT_ODDS_WAIT_MS,
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
   * Whether a new fight may go ahead before any of its work is done: at once unless estimates fill the queue;
   * then after waiting for room (see `until`). false: refuse it.
   */
  async room(): Promise<boolean> {
    return this.until(() => !this.saturated);
  }

  /**
   * Waits until `ready()` holds: at once, or as tasks finish for up to `waitMs` — so a burst of fights is smoothed
   * instead of refused, and a client flooding the server gets its refusals no faster than the queue drains and
   * cannot take the request thread from everyone else. false when the time is up, or too many already wait.
   */
  private async until(ready: () => boolean): Promise<boolean> {
    const deadline = Date.now() + this.waitMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0 || this.waiting.size >= this.maxQueue * WAITING_PER_QUEUE_PLACE) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
    return true;
  }

  /** A task finished: once the pool has handed its thread the next task, the oldest waiting fight looks again. */
  private finished(): void {
    if (this.waiting.size > 0) setImmediate(() => this.waiting.values().next().value?.());
  }

  /**
   * Refuses new work past `limit` waiting tasks once the wait for room is over. A fight's story is let in up to
   * twice the bound: the fight it belongs to was admitted, and finishing it frees its place sooner than refusing
   * it would.
   */
  private async admit(limit: number): Promise<void> {
    if (await this.until(() => this.pool.queueSize < limit)) return;
    this.refused++;
    throw new OddsPoolBusy();
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
    await this.admit(this.maxQueue);
    // While it waited for room, the same matchup may have been started by another fight.
    const started = this.inflight.get(key);
    if (started) return started;
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
      this.finished();
    }
  }

  /** The fight's story, simulated in a worker too (an unlikely outcome can take dozens of simulated battles). */
  async narrate(seed: number, a: Hero[], b: Hero[], won: boolean): Promise<Story> {
    await this.admit(this.maxQueue * 2);
    try {
      return (await this.pool.run({ seed, a, b, won } satisfies NarrateTask, { name: 'narrate' })) as Story;
    } finally {
      this.finished();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
