// What every route plugin is handed: the store, the content loaded once at start, the odds pool and settings.
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Store } from './store/db.ts';
import type { DungeonsTable, ShopItemsTable } from './store/tables.ts';
import type { HeroLists } from './heroes/hero-lists.ts';
import type { BrowsePages } from './heroes/browse-pages.ts';
import type { HeroDocs } from './heroes/hero-store.ts';
import type { OddsPool } from './odds/odds-pool.ts';
import type { Fairness } from './odds/fairness.ts';
import type { RelyingPartyConfig } from './accounts/passkeys.ts';

export interface RateLimits {
  /** account creations per IP per minute */
  users: number;
  /** generate calls per IP per minute */
  generate: number;
  /** odds reads (GET /api/odds) per IP per minute */
  odds: number;
  /** fights (arena, team battles, dungeon floors, a battle handed to Auto) per IP per minute, all together */
  fights: number;
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
}

export interface RouteOpts {
  ctx: Ctx;
}
