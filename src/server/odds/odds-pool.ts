// Win odds off the request thread: a piscina pool (one worker per core) runs the rules core's estimateOdds
// (odds-worker.ts), and the fight's story too. Estimates are cached per matchup — each side's heroes with
// everything that changes how they fight — so a rematch between unchanged heroes costs nothing. An estimate is
// also a function of its matchup alone (its seed is the matchup's hash, each side in one fixed order): the odds
// read (routes/odds.ts) and the fight after it state the same number even when the cache has forgotten it, or
// another instance answers. The queue of work waiting for a thread is bounded: a new estimate that finds it full
// waits a moment for room (a bounded number may wait), then is refused (OddsPoolBusy, a 503 in fights.ts), so a
// flood of distinct fights cannot pile up work or slow everything else.
import type { ToldBattle } from '../../game/index.ts';
import { availableParallelism } from 'node:os';
import { ArrayTaskQueue, Piscina, type PiscinaTask, type TaskQueue } from 'piscina';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { fightingFingerprints, hashSeed, nextLook, settled, type Screened } from '../../game/index.ts';
import { isFair, screenMatchups, type ScreenItem } from '../../game/fair-screen.ts';
import type { Hero } from '../../game/types.ts';

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

/** Matchups measured until enough are fair, or `budget` battles were simulated (OddsPool.screen). */
export interface ScreenTask {
  items: ScreenItem[];
  need: number;
  budget: number;
}

/** Battles `from` to `to` (exclusive) of an estimate: one thread's share of it. */
export interface WinsTask extends OddsTask {
  from: number;
  to: number;
}

export interface NarrateTask extends OddsTask {
  won: boolean;
}

export interface Story {
  description: string;
  scenarios: { win: string; lose: string };
  /** The simulated battle the story tells (null when none went the rolled way): what its replay plays. */
  told: ToldBattle | null;
}

export const DEFAULT_ODDS_CACHE_SIZE = 5000;
/**
 * Battles one task of Find a fair match's set may simulate before the thread is handed back and the rest of the set
 * queues again: about one 4v4 estimate's time (duels are shorter battles), so a fight's estimate that arrives
 * while a set is measured waits for one part of it, not the whole set (up to 24 duels, ~20,000 battles).
 */
export const SCREEN_TASK_BATTLES = 4000;
/** Tasks that may wait for a thread, per thread: about 8 × 20–55 ms of work, so a fight waits < 0.5 s. */
export const ODDS_QUEUE_PER_THREAD = 8;

/** The queue is full: the fight is refused before anything was paid or written. */
export class OddsPoolBusy extends Error {
  constructor() {
    super('odds pool queue is full');
  }
}

/**
 * A matchup's identity: a hash of both sides as the rules core compiles them (fightingFingerprints), each side in
 * one fixed order — so whatever changes how a hero fights changes the key, and nothing else does.
 */
function matchupOf(a: Hero[], b: Hero[]): { key: string; a: Hero[]; b: Hero[] } {
  const side = (team: Hero[]) => {
    const prints = fightingFingerprints(team);
    const order = prints
      .map((p, i) => ({ p, h: team[i] }))
      .sort((x, y) => (x.p < y.p ? -1 : x.p > y.p ? 1 : 0));
    return { text: order.map((x) => x.p).join('|'), heroes: order.map((x) => x.h) };
  };
  const [sa, sb] = [side(a), side(b)];
  const key = createHash('sha256').update(sa.text).update('#').update(sb.text).digest('base64url');
  return { key, a: sa.heroes, b: sb.heroes };
}

/** How long a fight that finds the queue full waits for room before it is refused (a burst passes; a flood slows). */
export const DEFAULT_ODDS_WAIT_MS = 500;
/** Fights that may wait for room at once, per place in the queue; past it a fight is refused at once. */
const WAITING_PER_QUEUE_PLACE = 32;

/**
 * The order tasks leave the queue for a thread: a fight's story first (a fight admitted and estimated already waits
 * on it, and it is short), then estimates, then Find a fair match's sets (long, and read from a page, not a fight
 * about to resolve); first come first served within each. Without it a story, ~1 ms of work, waited behind every
 * estimate queued before it: ~40 ms on average at 539 players a core (npm run bench:crowd).
 */
const TASK_RANK: Readonly<Record<string, number>> = { narrate: 0, default: 1, wins: 1, screen: 2 };

export class RankedQueue implements TaskQueue {
  private readonly ranks = [new ArrayTaskQueue(), new ArrayTaskQueue(), new ArrayTaskQueue()];
  private rankOf(name: string | undefined): ArrayTaskQueue {
    return this.ranks[TASK_RANK[name ?? 'default'] ?? 1];
  }
  get size(): number {
    return this.ranks.reduce((n, q) => n + q.size, 0);
  }
  /** Tasks waiting that a task of `name` would leave the queue before: those of a lower rank. */
  behind(name: string): number {
    return this.ranks.slice(TASK_RANK[name] + 1).reduce((n, q) => n + q.size, 0);
  }
  shift(): PiscinaTask | null {
    for (const q of this.ranks) if (q.size > 0) return q.shift() as PiscinaTask;
    return null;
  }
  push(task: PiscinaTask): void {
    this.rankOf(task.name).push(task);
  }
  unshift(task: PiscinaTask): void {
    this.rankOf(task.name).unshift(task);
  }
  remove(task: PiscinaTask): void {
    this.rankOf(task.name).remove(task);
  }
}

export class OddsPool {
  private readonly pool: Piscina;
  private readonly queue = new RankedQueue();
  /** Fights waiting for room in the full queue, oldest first: each is woken as a task finishes, or refused at its time. */
  private readonly waiting = new Set<() => void>();
  /** Estimates by matchup; lru-cache's fetch also shares one estimate among fights asking for it at once. */
  private readonly cache: LRUCache<string, Odds, OddsTask>;
  /** Estimates running or waiting for a thread now. */
  private estimating = 0;
  /** tasks that may wait ahead of a new estimate (Find a fair match's sets wait behind it) before it is refused */
  readonly maxQueue: number;
  hits = 0;
  misses = 0;
  /** estimates spread over every thread (found the pool idle) */
  spread = 0;
  /** estimates asked to be made ahead (warm), and those made (with a thread to spare, not known already) */
  warmsAsked = 0;
  warmed = 0;
  /** sets of matchups measured (screen), and the tasks they took */
  screens = 0;
  screenTasks = 0;
  /** Battles simulated, by what for: estimates (each matchup's, also the ones made ahead) and Find a fair match's sets. */
  readonly battles = { estimates: 0, screens: 0 };
  /** The most threads the pool runs. */
  private readonly maxThreads: number;
  refused = 0;

  constructor(
    threads = availableParallelism(),
    private readonly cacheSize = DEFAULT_ODDS_CACHE_SIZE,
    maxQueue?: number,
    private readonly waitMs = DEFAULT_ODDS_WAIT_MS,
    private readonly screenTaskBattles = SCREEN_TASK_BATTLES,
  ) {
    this.maxQueue = Math.max(1, Math.floor(maxQueue ?? Math.max(1, threads) * ODDS_QUEUE_PER_THREAD));
    // Running and waiting estimates are entries too: room for all that can be pending at once (on the threads, in
    // the queue, waiting for room) beside the remembered ones, so a pending estimate is never evicted — and if it
    // ever were, it still answers the fights awaiting it (ignoreFetchAbort).
    const pending = Math.max(1, threads) + this.maxQueue * (1 + WAITING_PER_QUEUE_PLACE);
    this.cache = new LRUCache<string, Odds, OddsTask>({
      max: Math.max(0, cacheSize) + pending,
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => this.sample(context),
    });
    this.maxThreads = Math.max(1, threads);
    this.pool = new Piscina({
      filename: new URL('./odds-worker.ts', import.meta.url).href,
      // Workers run TypeScript through tsx, whatever loaded the parent (node --import tsx, vitest …).
      execArgv: ['--import', 'tsx'],
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
      taskQueue: this.queue,
    });
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  /** Estimates running or waiting for a thread now. */
  get pending(): number {
    return this.estimating;
  }

  /** Tasks waiting for a thread now. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Fights waiting now for room in the full queue (metrics). */
  get waitingForRoom(): number {
    return this.waiting.size;
  }

  /**
   * Estimates are waiting and the queue is full: a new (uncached) fight would be refused, so fights are refused
   * before any of their work is done. A queue of stories alone (fights of known matchups) refuses nothing.
   */
  get saturated(): boolean {
    return this.estimating > 0 && this.ahead('default') >= this.maxQueue;
  }

  /**
   * Tasks waiting that a new task of `name` would wait behind: not those of a lower rank, which it passes — a fight's
   * estimate is never refused for Find a fair match's sets queued (in the crowd they filled the queue and a fight
   * that would have run next was answered 503).
   */
  private ahead(name: string): number {
    return Math.max(0, this.pool.queueSize - this.queue.behind(name));
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
   * The last check of `ready()` and the caller's next step run in one go (no await between them) when it returns
   * without waiting; after a wait, the caller checks again (see `admitted`).
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
   * Runs `work` (which hands the pool a task of `name`) once fewer than `limit` tasks wait ahead of it, checking that and
   * starting the work with nothing in between, so a burst can never pass the bound; after the wait for room, new
   * work is refused (OddsPoolBusy). A fight's story is let in up to twice the bound: the fight it belongs to was
   * admitted, and finishing it frees its place sooner than refusing it would.
   */
  private async admitted<T>(name: string, limit: number, work: () => Promise<T>): Promise<T> {
    const room = () => this.ahead(name) < limit;
    while (!room()) {
      if (!(await this.until(room))) {
        this.refused++;
        throw new OddsPoolBusy();
      }
    }
    return work();
  }

  /** Chance that side `a` beats side `b`. Same matchup, same answer, until either side changes. */
  async estimate(a: Hero[], b: Hero[]): Promise<Odds> {
    const m = matchupOf(a, b);
    if (this.cache.has(m.key)) this.hits++;
    const odds = await this.cache.fetch(m.key, {
      context: { seed: hashSeed('odds', m.key), a: m.a, b: m.b },
    });
    // With no cache, an estimate is shared only while it runs.
    if (this.cacheSize <= 0) this.cache.delete(m.key);
    return odds!;
  }

  /**
   * Makes a matchup's estimate ahead of its read — the next random encounter's, while the player reads the last
   * result — only with a thread to spare: nothing waits for a thread and one is free. So it never takes a place in
   * the queue from a fight (one arriving meanwhile waits at most for this estimate); when the pool is busy it is
   * simply not made (the read makes it then).
   */
  warm(a: Hero[], b: Hero[]): void {
    this.warmsAsked++;
    if (this.pool.queueSize > 0 || this.estimating >= this.maxThreads || this.known(a, b)) return;
    this.warmed++;
    this.estimate(a, b).catch(() => {}); // a failed warm-up is the read's to make again
  }

  /** The matchup's estimate when it is known already (a look costs nothing then). */
  known(a: Hero[], b: Hero[]): Odds | undefined {
    return this.cache.peek(matchupOf(a, b).key);
  }

  /**
   * Side `a` against each of `bs`, measured in turn until `need` are fair (src/game/fair-screen.ts: each looked at
   * first, estimated only when it may be fair, its known estimate used as is) — in tasks of about
   * SCREEN_TASK_BATTLES battles each, not one a look, and not the whole set in one (which held the thread from every
   * fight for its duration). The estimates it makes are the ones `estimate` makes (the same seed and battles) and are
   * remembered as such. Each task is admitted like an estimate.
   */
  async screen(a: Hero[], bs: Hero[][], need: number): Promise<(Screened | undefined)[]> {
    const matchups = bs.map((b) => matchupOf(a, b));
    const items: ScreenItem[] = matchups.map((m) => {
      // read as a use (get, not peek): a set looked at again and again stays remembered while others come and go
      const known = this.cache.get(m.key);
      return {
        seed: hashSeed('odds', m.key),
        a: m.a,
        b: m.b,
        ...(known && { known: { probability: known.probability, samples: known.samples } }),
      };
    });
    if (items.every((i) => i.known)) return screenMatchups(items, need); // nothing to simulate
    this.screens++;
    const out = new Array<Screened | undefined>(items.length);
    let fair = 0;
    for (let from = 0; from < items.length && fair < need;) {
      const part = await this.screenPart({
        items: items.slice(from),
        need: need - fair,
        budget: this.screenTaskBattles,
      });
      // A part answers a run of the set from its start (at least one matchup); the rest is the next part's.
      let reached = 1;
      for (const [k, m] of part.entries()) {
        if (!m) break;
        reached = k + 1;
        const i = from + k;
        out[i] = m;
        if (isFair(m)) fair++;
        if (items[i].known) continue;
        this.battles.screens += m.samples;
        if (m.estimate !== null) {
          this.misses++;
          this.cache.set(matchups[i].key, { probability: m.estimate, samples: m.samples });
        }
      }
      from += reached;
    }
    return out;
  }

  /** One task of a set's measure (screen). */
  private screenPart(task: ScreenTask): Promise<(Screened | undefined)[]> {
    return this.admitted('screen', this.maxQueue, async () => {
      this.estimating++;
      this.screenTasks++;
      try {
        return (await this.pool.run(task, { name: 'screen' })) as (Screened | undefined)[];
      } finally {
        this.estimating--;
        this.finished();
      }
    });
  }

  /**
   * A new estimate in a worker, once the queue has room (else OddsPoolBusy). One that finds no other estimate under
   * way is spread over every thread: each look's battles are shared out and their wins added up, so a lone fight
   * is sampled on all cores — the same battles, so the same answer (estimateOdds). Under load each estimate keeps
   * one thread, first come first served.
   */
  private async sample(task: OddsTask): Promise<Odds> {
    return this.admitted('default', this.maxQueue, async () => {
      this.misses++;
      const alone = this.estimating === 0 && this.pool.queueSize === 0 && this.maxThreads > 1;
      this.estimating++;
      try {
        const odds =
          alone && task.a.length > 0 && task.b.length > 0
            ? await this.spreadOver(task)
            : ((await this.pool.run(task)) as Odds);
        this.battles.estimates += odds.samples;
        return odds;
      } finally {
        this.estimating--;
        this.finished();
      }
    });
  }

  private async spreadOver(task: OddsTask): Promise<Odds> {
    this.spread++;
    let wins = 0;
    let n = 0;
    let thread: number | undefined;
    do {
      const end = nextLook(n);
      const shares = Array.from({ length: this.maxThreads }, (_, k) => {
        const from = n + Math.floor(((end - n) * k) / this.maxThreads);
        const to = n + Math.floor(((end - n) * (k + 1)) / this.maxThreads);
        const share: WinsTask = { ...task, from, to };
        return this.pool.run(share, { name: 'wins' }) as Promise<{ wins: number; thread: number }>;
      });
      for (const share of await Promise.all(shares)) {
        wins += share.wins;
        thread ??= share.thread;
      }
      n = end;
    } while (!settled(wins, n));
    return { probability: wins / n, samples: n, thread };
  }

  /** The fight's story, simulated in a worker too (an unlikely outcome can take dozens of simulated battles). */
  async narrate(seed: number, a: Hero[], b: Hero[], won: boolean): Promise<Story> {
    return this.admitted('narrate', this.maxQueue * 2, async () => {
      try {
        return (await this.pool.run({ seed, a, b, won } satisfies NarrateTask, { name: 'narrate' })) as Story;
      } finally {
        this.finished();
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
