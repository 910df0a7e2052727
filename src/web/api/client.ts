// The typed fetch client: one function per call of spec §7 (plus DESIGN.md's additions). Types come from the
// API contract in src/api (types only — no zod in the bundle). A refusal throws ApiError carrying the server's
// `error` text; callers show `errorText(err, '<spec §8 fallback>')`. Query hooks over these live in ./hooks.ts.
// The paying calls (generate, purchase, reroll, item use) take the Idempotency-Key of the player's intent
// (mutations.ts makes one per click): every try of that intent sends the same key, so the server charges once.
import type { z } from 'zod';
import type {
  BattleHistoryResponse,
  BattleReplay,
  ActionResponse,
  ActiveBattleResponse,
  ArenaResponse,
  BrowseResponse,
  ClaimResponse,
  CreateBattleResponse,
  DailyResponse,
  DeleteHeroResponse,
  Dungeon,
  FairnessKind,
  FairnessResponse,
  DungeonRun,
  GetBattleResponse,
  Hero,
  InventoryResponse,
  LeaderboardResponse,
  LedgerResponse,
  NpcsResponse,
  OddsQuery,
  OddsResponse,
  OpponentsResponse,
  PendingPair,
  PurchaseResponse,
  RerollResponse,
  RunBattleResponse,
  ShopItem,
  StartedBattle,
  Summons,
  SummonsResponse,
  UseItemResponse,
  User,
  UserSummary,
} from '../../api/index.ts';
import { isValidId } from '../../api/id-rule.ts';
import type { Currency } from '../../api/rules.ts';

export type BrowsePage = z.infer<typeof BrowseResponse>;
export type NpcsPage = z.infer<typeof NpcsResponse>;
export type Inventory = z.infer<typeof InventoryResponse>;
export type Purchase = z.infer<typeof PurchaseResponse>;
export type UseItemResult = z.infer<typeof UseItemResponse>;
export type RerolledHero = z.infer<typeof RerollResponse>;
export type CreatedBattle = z.infer<typeof CreateBattleResponse>;
export type FetchedBattle = z.infer<typeof GetBattleResponse>;
export type ActedBattle = z.infer<typeof ActionResponse>;
export type ActiveBattleAnswer = z.infer<typeof ActiveBattleResponse>;
export type ArenaResult = z.infer<typeof ArenaResponse>;
export type RunBattleResult = z.infer<typeof RunBattleResponse>;
export type StartedFloorBattle = z.infer<typeof StartedBattle>;
export type DeletedHero = z.infer<typeof DeleteHeroResponse>;
export type BattleHistory = z.infer<typeof BattleHistoryResponse>;

/** A refused or failed call. `serverText` is the server's `{error}` text when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverText: string | null;
  constructor(status: number, serverText: string | null) {
    super(serverText ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverText = serverText;
  }
}

/** What to show for a failed call: the server's text as-is, else the spec §8 fallback for that place. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverText) return err.serverText;
  return fallback;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call that found no server, or lost its answer on the way: worth sending again (with the same key). */
export function isUnanswered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

async function call<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<T> {
  let res: Response;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const serverText =
      data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : null;
    throw new ApiError(res.status, serverText);
  }
  return data as T;
}

const q = (params: Record<string, string | number | undefined>): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
};
const id = encodeURIComponent;

// --- Accounts ------------------------------------------------------------------------------------------
export const listUsers = (search = '', limit = 50, signal?: AbortSignal) =>
  call<UserSummary[]>('GET', `/api/users${q({ q: search, limit })}`, undefined, signal);
export const getUser = (userId: string) => call<User>('GET', `/api/users/${id(userId)}`);
/** A new account; its day is kept in `timeZone` (the browser's) when the server knows that zone. */
export const createUser = (username: string, timeZone?: string) =>
  call<User>('POST', '/api/users', { username, time_zone: timeZone });
/** Where the player's day turns over (applies from the next reset). */
export const updateDayRule = (userId: string, change: { time_zone?: string; reset_hour?: number }) =>
  call<User>('PATCH', `/api/users/${id(userId)}`, change);
/** The player's ledger, newest first: a page of entries (of one currency, or all) after `cursor`. */
export const getLedger = (userId: string, opts: { currency?: Currency; cursor?: string | null } = {}) =>
  call<LedgerResponse>(
    'GET',
    `/api/users/${id(userId)}/ledger${q({ limit: 20, currency: opts.currency, cursor: opts.cursor ?? undefined })}`,
  );

// --- Heroes --------------------------------------------------------------------------------------------
/**
 * One generate call of a press of Generate (or Regenerate, naming the pair it `replaces`): the pending pair, free,
 * or a new one paid — the answer says which (generation_id, charged) and holds the pair.
 */
export const generateHero = (userId: string, generationId: string, key: string, replaces?: string | null) =>
  call<Summons>(
    'POST',
    '/api/characters/generate',
    { user_id: userId, generation_id: generationId, ...(replaces ? { replaces } : {}) },
    undefined,
    key,
  );
/** The altar before paying: the rates, the pity rule with the player's counters, their summon history. */
export const getAltar = (userId: string) =>
  call<SummonsResponse>('GET', `/api/summons${q({ user_id: userId })}`);
export const pendingPair = (userId: string) =>
  call<PendingPair>('GET', `/api/characters/pending${q({ user_id: userId })}`);
export const createHero = (userId: string, candidate: Hero) =>
  call<Hero>('POST', '/api/heroes', { user_id: userId, character_data: candidate });
export const listHeroes = (userId: string) => call<Hero[]>('GET', `/api/heroes${q({ user_id: userId })}`);
export const browseHeroes = (opts: { limit?: number; cursor?: string | null; excludeUserId?: string } = {}) =>
  call<BrowsePage>(
    'GET',
    `/api/heroes/browse/all${q({ limit: opts.limit ?? 20, cursor: opts.cursor ?? undefined, exclude_user_id: opts.excludeUserId })}`,
  );
export const listNpcs = () => call<NpcsPage>('GET', '/api/npcs');
/** An id the server could never hold (api/id-rule.ts) names nothing: not found, without asking. */
const known = <T>(anId: string, missing: string, ask: () => Promise<T>): Promise<T> =>
  isValidId(anId) ? ask() : Promise.reject(new ApiError(404, missing));

export const getHero = (heroId: string) =>
  known(heroId, 'Hero not found', () => call<Hero>('GET', `/api/heroes/${id(heroId)}`));
export const deleteHero = (heroId: string, userId: string) =>
  call<DeletedHero>('DELETE', `/api/heroes/${id(heroId)}${q({ user_id: userId })}`);
export const rerollAbilities = (heroId: string, userId: string, key: string) =>
  call<RerolledHero>(
    'POST',
    `/api/heroes/${id(heroId)}/reroll-abilities`,
    { user_id: userId },
    undefined,
    key,
  );

// --- Battles, arena ------------------------------------------------------------------------------------
export const createBattle = (
  userId: string,
  teamHeroIds: string[],
  mode: 'turn_based' | 'auto' = 'turn_based',
) => call<CreatedBattle>('POST', '/api/battles', { user_id: userId, team_hero_ids: teamHeroIds, mode });
/** The player's turn-based battle still in play (starting another ends it as a loss), or null. */
export const getActiveBattle = (userId: string) =>
  call<ActiveBattleAnswer>('GET', `/api/battles/active${q({ user_id: userId })}`);
export const getBattle = (battleId: string) =>
  known(battleId, 'Battle not found', () => call<FetchedBattle>('GET', `/api/battles/${id(battleId)}`));
/** A finished fight's replay (public); `viewerId`, the signed-in player watching, counts toward their daily quest. */
export const getReplay = (battleId: string, viewerId?: string) =>
  known(battleId, 'Battle not found', () =>
    call<BattleReplay>('GET', `/api/battles/${id(battleId)}/replay${q({ user_id: viewerId })}`),
  );
export const getBattleHistory = (userId: string, cursor?: string | null) =>
  call<BattleHistory>(
    'GET',
    `/api/users/${id(userId)}/battles${q({ limit: 20, ...(cursor ? { cursor } : {}) })}`,
  );
export const submitBattleAction = (
  battleId: string,
  action: { option_id?: string; target_id?: string; auto?: boolean },
  userId?: string,
) => call<ActedBattle>('POST', `/api/battles/${id(battleId)}/action`, { ...action, user_id: userId });
export const arenaBattle = (userId: string, attackerHeroId: string, opponentId: string) =>
  call<ArenaResult>('POST', '/api/arena/battle', {
    user_id: userId,
    attacker_hero_id: attackerHeroId,
    opponent_id: opponentId,
  });

/** The arena ladder, a page at a time by conservative rating; with `userId`, that player's standing too. */
export const getLeaderboard = (opts: { cursor?: string | null; userId?: string; limit?: number } = {}) =>
  call<LeaderboardResponse>(
    'GET',
    `/api/arena/leaderboard${q({ limit: opts.limit ?? 20, cursor: opts.cursor ?? undefined, user_id: opts.userId })}`,
  );
/** Find a fair match: opponents whose ratings are nearest the player's hero's, nearest first. */
export const findFairMatches = (userId: string, heroId: string, limit = 6) =>
  call<OpponentsResponse>('GET', `/api/arena/opponents${q({ user_id: userId, hero_id: heroId, limit })}`);

/** A fight's win chance and enemies before it is fought (GET /api/odds). */
export const getOdds = (query: OddsQuery, signal?: AbortSignal) =>
  call<OddsResponse>('GET', `/api/odds${q({ ...query })}`, undefined, signal);

/** The fairness figures (public): stated against observed odds (of one kind of fight, or all), rarity, balance. */
export const getFairness = (kind: FairnessKind, signal?: AbortSignal) =>
  call<FairnessResponse>(
    'GET',
    `/api/fairness${q({ kind: kind === 'all' ? undefined : kind })}`,
    undefined,
    signal,
  );

// --- Shop, inventory -----------------------------------------------------------------------------------
export const listShop = () => call<ShopItem[]>('GET', '/api/shop');

// --- The daily layer -----------------------------------------------------------------------------------
export const getDaily = (userId: string) => call<DailyResponse>('GET', `/api/daily${q({ user_id: userId })}`);
/** Claims a quest (its id), 'bonus' or 'calendar'; `key` is the press's Idempotency-Key. */
export const claimDaily = (userId: string, claim: string, key: string) =>
  call<ClaimResponse>('POST', '/api/daily/claim', { user_id: userId, claim }, undefined, key);
export const purchaseItem = (userId: string, itemId: string, key: string) =>
  call<Purchase>(
    'POST',
    '/api/shop/purchase',
    { user_id: userId, item_id: itemId, quantity: 1 },
    undefined,
    key,
  );
export const getInventory = (userId: string) =>
  call<Inventory>('GET', `/api/inventory${q({ user_id: userId })}`);
export const applyItem = (userId: string, itemId: string, key: string, heroId?: string) =>
  call<UseItemResult>(
    'POST',
    '/api/inventory/use',
    { user_id: userId, item_id: itemId, hero_id: heroId },
    undefined,
    key,
  );

// --- Dungeons ------------------------------------------------------------------------------------------
export const listDungeons = () => call<Dungeon[]>('GET', '/api/dungeons');
export const getDungeon = (dungeonId: string) => call<Dungeon>('GET', `/api/dungeons/${id(dungeonId)}`);
export const startDungeon = (dungeonId: string, userId: string, teamHeroIds: string[]) =>
  call<DungeonRun>('POST', `/api/dungeons/${id(dungeonId)}/start`, {
    user_id: userId,
    team_hero_ids: teamHeroIds,
    abandon_active: true,
  });
/** Fights the run's next floor; naming `floor` turns a stale call (another tab fought it) into a 409. */
export const fightDungeonRun = (runId: string, userId?: string, floor?: number) =>
  call<RunBattleResult>('POST', `/api/dungeon-runs/${id(runId)}/battle`, {
    ...(userId ? { user_id: userId } : {}),
    ...(floor ? { floor } : {}),
  });
/** Opens the run's next floor (`floor`) as a turn-based battle the player steers; one under way is answered as it is. */
export const fightFloorTurnByTurn = (runId: string, userId: string, floor: number) =>
  call<StartedFloorBattle>('POST', `/api/dungeon-runs/${id(runId)}/battle`, {
    user_id: userId,
    floor,
    mode: 'turn_based',
  });
export const getDungeonRun = (runId: string, userId: string) =>
  call<DungeonRun>('GET', `/api/dungeon-runs/${id(runId)}${q({ user_id: userId })}`);
export const getActiveRun = (userId: string) =>
  call<{ run: DungeonRun | null }>('GET', `/api/dungeon-runs/active${q({ user_id: userId })}`);
