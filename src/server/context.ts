// What every route plugin is handed: the store, the content loaded once at start, the odds pool, the caches and
// settings — made once by makeContext (app.ts), closed with the app.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Store } from './store/db.ts';
import type { DungeonsTable, ShopItemsTable } from './store/tables.ts';
import { HeroLists } from './heroes/hero-lists.ts';
import { BrowsePages } from './heroes/browse-pages.ts';
import { HeroDocs } from './heroes/hero-store.ts';
import { OddsPool } from './odds/odds-pool.ts';
import { Fairness } from './odds/fairness.ts';
import { DUNGEON_ROWS, SHOP_ITEMS } from './content/catalog.ts';
import type { RelyingPartyConfig } from './accounts/passkeys.ts';
import { operatorNames } from './accounts/operators.ts';
import { DEFAULT_LIVE, type LivePlay, type LiveSettings } from './fights/live-matches.ts';
import { LiveBus } from './fights/live-bus.ts';
import { hostname } from 'node:os';
import { Readiness } from './http/readiness.ts';

export interface RateLimits {
  /** account creations per IP per minute */
  users: number;
  /** generate calls per IP per minute */
  generate: number;
  /** odds reads (GET /api/odds) per IP per minute */
  odds: number;
  /** fights (arena, team battles, dungeon floors, a battle handed to Auto) per IP per minute, all together */
  fights: number;
  /** passkey ceremonies opened or answered (sign-in options and sign-ins, new-passkey options) per IP per minute,
   * each kind counted apart; routes/passkeys.ts's PASSKEY_RATE_LIMIT when not given */
  passkeys?: number;
}

export interface Ctx {
  store: Store;
  /** Seeded content never changes while the server runs: read once. */
  shopItems: Selectable<ShopItemsTable>[];
  shopItemsById: Map<string, Selectable<ShopItemsTable>>;
  dungeons: Selectable<DungeonsTable>[];
  dungeonsById: Map<string, Selectable<DungeonsTable>>;
  odds: OddsPool;
  /** the fairness figures: tallies read at most every 30 s, the balance measure (fairness.ts) */
  fairness: Fairness;
  /** players' hero lists, remembered as ready bytes */
  heroLists: HeroLists;
  /** heroes by id, remembered as ready bytes */
  heroDocs: HeroDocs;
  /** pages of browse/all, remembered as ready bytes */
  browsePages: BrowsePages;
  rateLimits: RateLimits | null;
  /** Counts a fight against the client's budget, refusing past it (fights.ts); null when rate limits are off. */
  countFight: ((req: FastifyRequest) => Promise<void>) | null;
  /** passkeys' relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS); null: the request's own host (passkeys.ts) */
  relyingParty: RelyingPartyConfig;
  /** live play's clocks, this instance's name and the bus that tells the sockets (fights/live-matches.ts) */
  live: LivePlay;
  /** migrating, serving or stopping: what GET /api/ready answers (http/readiness.ts) */
  readiness: Readiness;
  /** ADMIN_USERNAMES, lower-cased: the accounts that may use the operator's console (accounts/operators.ts) */
  operators: ReadonlySet<string>;
}

export interface RouteOpts {
  ctx: Ctx;
}

export interface ContextOptions {
  /** odds worker threads, remembered matchups, queued tasks and the ms a fight waits for room (OddsPool) */
  oddsThreads?: number;
  oddsCacheSize?: number;
  oddsQueue?: number;
  oddsWaitMs?: number;
  /** an odds pool made by the caller (tests that read its counts), instead of one made from the options above */
  oddsPool?: OddsPool;
  /** ms an instance answers the fairness counts from its last read; battles in the balance measure */
  fairnessTtlMs?: number;
  fairnessBattles?: number;
  rateLimits: RateLimits | null;
  /** passkeys' relying party; null or absent: the request's own host */
  relyingParty?: RelyingPartyConfig;
  /** live play's clocks (LIVE_TURN_SECONDS …); DEFAULT_LIVE where absent */
  live?: Partial<LiveSettings>;
  /** REDIS_URL: live play's notes pass between instances there (fights/live-bus.ts) */
  redisUrl?: string;
  /** main.ts's readiness, which its SIGTERM turns to stopping; a new one otherwise */
  readiness?: Readiness;
  /** ADMIN_USERNAMES: comma-separated usernames of the operators; none by default */
  adminUsernames?: string;
}

/** The context over an open, migrated store; countFight is set once the rate limits are registered. */
export function makeContext(store: Store, opts: ContextOptions, log: FastifyBaseLogger): Ctx {
  const shopItems = [...SHOP_ITEMS];
  const dungeons = [...DUNGEON_ROWS];
  return {
    store,
    shopItems,
    shopItemsById: new Map(shopItems.map((i) => [i.id, i])),
    dungeons,
    dungeonsById: new Map(dungeons.map((d) => [d.id, d])),
    odds:
      opts.oddsPool ?? new OddsPool(opts.oddsThreads, opts.oddsCacheSize, opts.oddsQueue, opts.oddsWaitMs),
    fairness: new Fairness(store, {
      ttlMs: opts.fairnessTtlMs,
      balanceBattles: opts.fairnessBattles,
      warn: (err, msg) => log.warn({ err }, msg),
    }),
    heroLists: new HeroLists(store),
    browsePages: new BrowsePages(store),
    heroDocs: new HeroDocs(store),
    rateLimits: opts.rateLimits,
    countFight: null,
    relyingParty: opts.relyingParty ?? null,
    live: {
      ...DEFAULT_LIVE,
      instance: `${hostname()}:${process.pid}`,
      ...opts.live,
      bus: new LiveBus(opts.redisUrl),
      warn: (err, msg) => log.warn({ err }, msg),
      held: new Map(),
      presenceWrites: Promise.resolve(),
      beatAt: 0,
      reconciledAt: 0,
    },
    readiness: opts.readiness ?? new Readiness(),
    operators: operatorNames(opts.adminUsernames),
  };
}

/** Stops what the context runs (the fairness measure's thread, the odds workers) and closes the store. */
export async function closeContext(ctx: Ctx): Promise<void> {
  await ctx.fairness.close();
  await ctx.odds.close();
  await ctx.live.bus.close();
  await ctx.store.close();
}
