// The typed fetch client: one function per call of the API (docs/api.md). Types come from the
// API contract in src/api (types only — no zod in the bundle). A refusal throws ApiError carrying the server's
// `error` text; callers show `errorText(err, '<fallback text>')`. Query hooks over these live in ./hooks.ts.
// The paying calls (generate, purchase, reroll, item use) take the Idempotency-Key of the player's intent
// (writes/core.ts makes one per click): every try of that intent sends the same key, so the server charges once.
import type { z } from 'zod';
import type {
  AdminActionResponse,
  AdminPlayerDetail,
  AdminPlayersResponse,
  AuditPage,
} from '../../api/admin.ts';
import type {
  BattleHistoryResponse,
  BattleReplay,
  ActionResponse,
  ActiveBattleResponse,
  ArenaResponse,
  BrowseResponse,
  CampaignResponse,
  ChangedOdds,
  ClaimResponse,
  IdleClaimResponse,
  IdleView,
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
  TrainResponse,
  RunBattleResponse,
  TiersResponse,
  ShopItem,
  StartedBattle,
  Summons,
  SummonsResponse,
  UseItemResponse,
  User,
  UserSummary,
  PasskeysResponse,
  SessionResponse,
  AscensionResponse,
  AscendResponse,
  ResetResponse,
  GearResponse,
  Challenge as ChallengeSchema,
  ChallengesResponse,
  LiveAction,
  Guild,
  GuildSummary as GuildSummarySchema,
  GuildsResponse,
  GuildRankingResponse,
  GuildMessage as GuildMessageSchema,
  MessagesResponse,
  GuildRole as GuildRoleSchema,
  JoinResponse,
  LeaveResponse,
  BossView,
  AttackResponse,
} from '../../api/index.ts';
import { isValidId } from '../../api/id-rule.ts';
import type { Currency } from '../../api/rules.ts';
import type { paths } from './openapi.ts';

export type BrowsePage = z.infer<typeof BrowseResponse>;
export type NpcsPage = z.infer<typeof NpcsResponse>;
export type Inventory = z.infer<typeof InventoryResponse>;
export type Purchase = z.infer<typeof PurchaseResponse>;
export type UseItemResult = z.infer<typeof UseItemResponse>;
export type RerolledHero = z.infer<typeof RerollResponse>;
export type TrainedHero = z.infer<typeof TrainResponse>;
export type CreatedBattle = z.infer<typeof CreateBattleResponse>;
export type FetchedBattle = z.infer<typeof GetBattleResponse>;
export type ActedBattle = z.infer<typeof ActionResponse>;
export type ActiveBattleAnswer = z.infer<typeof ActiveBattleResponse>;
export type ArenaResult = z.infer<typeof ArenaResponse>;
export type RunBattleResult = z.infer<typeof RunBattleResponse>;
export type DungeonTiers = z.infer<typeof TiersResponse>;
export type StartedFloorBattle = z.infer<typeof StartedBattle>;
export type DeletedHero = z.infer<typeof DeleteHeroResponse>;
export type Ascension = z.infer<typeof AscensionResponse>;
export type Ascended = z.infer<typeof AscendResponse>;
export type AscensionReset = z.infer<typeof ResetResponse>;
export type GearChange = z.infer<typeof GearResponse>;
export type GearSlot = 'weapon' | 'armour' | 'charm' | 'relic';
export type BattleHistory = z.infer<typeof BattleHistoryResponse>;

let lockedOut: (() => void) | null = null;
/**
 * What the app does when a call answers 401: the account is locked and this browser holds no session of it (none,
 * expired, or ended by 'sign out everywhere'). The layout signs the browser out of it (app-layout.tsx).
 */
export function whenLockedOut(handler: (() => void) | null): void {
  lockedOut = handler;
}

/** A refused or failed call. `serverText` is the server's `{error}` text when there was one; `body` its answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverText: string | null;
  readonly body: unknown;
  constructor(status: number, serverText: string | null, body: unknown = null) {
    super(serverText ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverText = serverText;
    this.body = body;
  }
}

/** A fight refused because it changed since its chance was shown (409 with `odds_key`): the new chance, else null. */
export function changedOdds(err: unknown): ChangedOdds | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const b = err.body as Partial<ChangedOdds> | null;
  return b && typeof b.odds_key === 'string' && typeof b.probability === 'number' ? (b as ChangedOdds) : null;
}

/** What to show for a failed call: the server's text as-is, else the fallback text for that place. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverText) return err.serverText;
  return fallback;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** A call that found no server, or lost its answer on the way: worth sending again (with the same key). */
export function isUnanswered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

// Every call is typed by the API document (./openapi.ts, generated by scripts/api-client.ts): its path template,
// path parameters, query and body must be the operation's, and its answer is the operation's success answer —
// each function below states the type the app uses, so tsc fails when the server's contract and a call drift.
// The types are exported for other callers of the same document (bench/season-client.ts, the season's bots).
type Method = 'get' | 'post' | 'patch' | 'delete';
export type Path = keyof paths;
export type MethodOf<P extends Path> = {
  [M in Method]: NonNullable<paths[P][M]> extends never ? never : M;
}[Method];
export type Operation<P extends Path, M extends MethodOf<P>> = NonNullable<paths[P][M]>;
type Parameters<O> = O extends { parameters: infer X } ? X : never;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The operation's success answer (200 or 201). */
export type Answer<O> = O extends { responses: infer R } ? JsonOf<R[keyof R & (200 | 201)]> : never;
type Body<O> = O extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
export type Input<O> = {
  [
    K in 'path' | 'query' as NonNullable<Parameters<O>[K & keyof Parameters<O>]> extends never ? never : K
  ]: Parameters<O>[K & keyof Parameters<O>];
} & ([Body<O>] extends [never] ? { body?: never } : { body: Body<O> });

async function call<P extends Path, M extends MethodOf<P>>(
  method: M,
  template: P,
  input: Input<Operation<P, M>>,
  opts: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<Answer<Operation<P, M>>> {
  const { path, query, body } = input as {
    path?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const url =
    (template as string).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path![name])) +
    q(query ?? {});
  let res: Response;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  try {
    res = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: opts.signal,
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
  if (res.status === 401) lockedOut?.();
  if (!res.ok) {
    const serverText =
      data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : null;
    throw new ApiError(res.status, serverText, data);
  }
  return data as Answer<Operation<P, M>>;
}

const q = (params: Record<string, unknown>): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
};

// --- Accounts ------------------------------------------------------------------------------------------
export const listUsers = (search = '', limit = 50, signal?: AbortSignal): Promise<UserSummary[]> =>
  call('get', '/api/users', { query: { q: search || undefined, limit } }, { signal });
export const getUser = (userId: string): Promise<User> =>
  call('get', '/api/users/{id}', { path: { id: userId } });
/** A new account; its day is kept in `timeZone` (the browser's) when the server knows that zone. */
export const createUser = (username: string, timeZone?: string): Promise<User> =>
  call('post', '/api/users', { body: { username, time_zone: timeZone } });
/** Where the player's day turns over (applies from the next reset). */
export const updateDayRule = (
  userId: string,
  change: { time_zone?: string; reset_hour?: number },
): Promise<User> => call('patch', '/api/users/{id}', { path: { id: userId }, body: change });
/** The player's ledger, newest first: a page of entries (of one currency, or all) after `cursor`. */
export const getLedger = (
  userId: string,
  opts: { currency?: Currency; cursor?: string | null } = {},
): Promise<LedgerResponse> =>
  call('get', '/api/users/{id}/ledger', {
    path: { id: userId },
    query: { limit: 20, currency: opts.currency, cursor: opts.cursor ?? undefined },
  });

// --- Locked accounts: passkeys and sessions (the ceremonies' browser side: ./passkey-prompt.ts) ----------
/** A ceremony's options for @simplewebauthn/browser and the id to send its answer back under. */
export interface Ceremony {
  challenge_id: string;
  options: Record<string, unknown>;
}
/** Whom this browser is signed in as (a locked account's session cookie), or null. */
export const getSession = (): Promise<SessionResponse> => call('get', '/api/session', {});
/** Signs this browser out (its session ended, its cookie cleared). */
export const signOut = (): Promise<SessionResponse> => call('delete', '/api/session', {});
export const listPasskeys = (userId: string): Promise<PasskeysResponse> =>
  call('get', '/api/users/{id}/passkeys', { path: { id: userId } });
export const passkeyOptions = (userId: string): Promise<Ceremony> =>
  call('post', '/api/users/{id}/passkeys/options', { path: { id: userId } });
/** Keeps the browser's new passkey: the first locks the account and signs this browser in. */
export const addPasskey = (
  userId: string,
  challengeId: string,
  response: unknown,
  name?: string,
): Promise<PasskeysResponse> =>
  call('post', '/api/users/{id}/passkeys', {
    path: { id: userId },
    body: { challenge_id: challengeId, response: response as never, name },
  });
export const removePasskey = (userId: string, passkeyId: string): Promise<PasskeysResponse> =>
  call('delete', '/api/users/{id}/passkeys/{passkeyId}', { path: { id: userId, passkeyId } });
export const unlockAccount = (userId: string): Promise<PasskeysResponse> =>
  call('post', '/api/users/{id}/unlock', { path: { id: userId } });
export const signInOptions = (userId: string): Promise<Ceremony> =>
  call('post', '/api/users/{id}/sign-in/options', { path: { id: userId } });
export const signInWithPasskey = (
  userId: string,
  challengeId: string,
  response: unknown,
): Promise<SessionResponse> =>
  call('post', '/api/users/{id}/sign-in', {
    path: { id: userId },
    body: { challenge_id: challengeId, response: response as never },
  });
export const signOutEverywhere = (userId: string): Promise<{ ended: number }> =>
  call('delete', '/api/users/{id}/sessions', { path: { id: userId } });

// --- Heroes --------------------------------------------------------------------------------------------
/**
 * One generate call of a press of Generate (or Regenerate, naming the pair it `replaces`): the pending pair, free,
 * or a new one paid — the answer says which (generation_id, charged) and holds the pair.
 */
export const generateHero = (
  userId: string,
  generationId: string,
  key: string,
  replaces?: string | null,
): Promise<Summons> =>
  call(
    'post',
    '/api/characters/generate',
    { body: { user_id: userId, generation_id: generationId, ...(replaces ? { replaces } : {}) } },
    { idempotencyKey: key },
  );
/** The altar before paying: the rates, the pity rule with the player's counters, their summon history. */
export const getAltar = (userId: string): Promise<SummonsResponse> =>
  call('get', '/api/summons', { query: { user_id: userId } });
export const pendingPair = (userId: string): Promise<PendingPair> =>
  call('get', '/api/characters/pending', { query: { user_id: userId } });
export const createHero = (userId: string, candidate: Hero): Promise<Hero> =>
  call('post', '/api/heroes', { body: { user_id: userId, character_data: { ...candidate } } });
export const listHeroes = (userId: string): Promise<Hero[]> =>
  call('get', '/api/heroes', { query: { user_id: userId } });
export const browseHeroes = (
  opts: { limit?: number; cursor?: string | null; excludeUserId?: string } = {},
): Promise<BrowsePage> =>
  call('get', '/api/heroes/browse/all', {
    query: { limit: opts.limit ?? 20, cursor: opts.cursor ?? undefined, exclude_user_id: opts.excludeUserId },
  });
export const listNpcs = (): Promise<NpcsPage> => call('get', '/api/npcs', {});
/** An id the server could never hold (api/id-rule.ts) names nothing: not found, without asking. */
const known = <T>(anId: string, missing: string, ask: () => Promise<T>): Promise<T> =>
  isValidId(anId) ? ask() : Promise.reject(new ApiError(404, missing));

export const getHero = (heroId: string): Promise<Hero> =>
  known(heroId, 'Hero not found', () => call('get', '/api/heroes/{heroId}', { path: { heroId } }));
export const deleteHero = (heroId: string, userId: string): Promise<DeletedHero> =>
  call('delete', '/api/heroes/{heroId}', { path: { heroId }, query: { user_id: userId } });
export const rerollAbilities = (heroId: string, userId: string, key: string): Promise<RerolledHero> =>
  call(
    'post',
    '/api/heroes/{heroId}/reroll-abilities',
    { path: { heroId }, body: { user_id: userId } },
    { idempotencyKey: key },
  );

export const trainHero = (heroId: string, userId: string, key: string): Promise<TrainedHero> =>
  call(
    'post',
    '/api/heroes/{heroId}/train',
    { path: { heroId }, body: { user_id: userId } },
    { idempotencyKey: key },
  );

// --- Ascension and gear ---------------------------------------------------------------------------------
export const getAscension = (heroId: string, userId: string): Promise<Ascension> =>
  call('get', '/api/heroes/{heroId}/ascension', { path: { heroId }, query: { user_id: userId } });
export const ascendHero = (
  heroId: string,
  userId: string,
  spend: { spend_hero_ids: string[]; use_shards: boolean },
  key: string,
): Promise<Ascended> =>
  call(
    'post',
    '/api/heroes/{heroId}/ascend',
    { path: { heroId }, body: { user_id: userId, ...spend } },
    { idempotencyKey: key },
  );
export const resetAscension = (heroId: string, userId: string, key: string): Promise<AscensionReset> =>
  call(
    'post',
    '/api/heroes/{heroId}/ascension/reset',
    { path: { heroId }, body: { user_id: userId } },
    { idempotencyKey: key },
  );
export const equipGear = (heroId: string, userId: string, itemId: string): Promise<GearChange> =>
  call('post', '/api/heroes/{heroId}/gear', { path: { heroId }, body: { user_id: userId, item_id: itemId } });
export const unequipGear = (heroId: string, userId: string, slot: GearSlot): Promise<GearChange> =>
  call('delete', '/api/heroes/{heroId}/gear/{slot}', { path: { heroId, slot }, query: { user_id: userId } });

// --- Battles, arena ------------------------------------------------------------------------------------
// A fight names the key of the chance its page shows (`oddsKey`, GET /api/odds `key`): one that changed since is
// refused with the new chance (changedOdds) and fights nothing.
export const createBattle = (
  userId: string,
  teamHeroIds: string[],
  mode: 'turn_based' | 'auto' = 'turn_based',
  oddsKey?: string,
): Promise<CreatedBattle> =>
  call('post', '/api/battles', {
    body: { user_id: userId, team_hero_ids: teamHeroIds, mode, odds_key: oddsKey },
  });
/** The player's turn-based battle still in play (starting another ends it as a loss), or null. */
export const getActiveBattle = (userId: string): Promise<ActiveBattleAnswer> =>
  call('get', '/api/battles/active', { query: { user_id: userId } });
export const getBattle = (battleId: string): Promise<FetchedBattle> =>
  known(battleId, 'Battle not found', () => call('get', '/api/battles/{battleId}', { path: { battleId } }));
/** A finished fight's replay (public); `viewerId`, the signed-in player watching, counts toward their daily quest. */
export const getReplay = (battleId: string, viewerId?: string): Promise<BattleReplay> =>
  known(battleId, 'Battle not found', () =>
    call('get', '/api/battles/{battleId}/replay', { path: { battleId }, query: { user_id: viewerId } }),
  );
export const getBattleHistory = (userId: string, cursor?: string | null): Promise<BattleHistory> =>
  call('get', '/api/users/{id}/battles', {
    path: { id: userId },
    query: { limit: 20, cursor: cursor || undefined },
  });
export const submitBattleAction = (
  battleId: string,
  action: { option_id?: string; target_id?: string; auto?: boolean },
  userId?: string,
): Promise<ActedBattle> =>
  call('post', '/api/battles/{battleId}/action', {
    path: { battleId },
    body: { ...action, user_id: userId },
  });
export const arenaBattle = (
  userId: string,
  attackerHeroId: string,
  opponentId: string,
  oddsKey?: string,
): Promise<ArenaResult> =>
  call('post', '/api/arena/battle', {
    body: { user_id: userId, attacker_hero_id: attackerHeroId, opponent_id: opponentId, odds_key: oddsKey },
  });

/** The arena ladder, a page at a time by conservative rating; with `userId`, that player's standing too. */
export const getLeaderboard = (
  opts: { cursor?: string | null; userId?: string; limit?: number } = {},
): Promise<LeaderboardResponse> =>
  call('get', '/api/arena/leaderboard', {
    query: { limit: opts.limit ?? 20, cursor: opts.cursor ?? undefined, user_id: opts.userId },
  });
/** Find a fair match: today's set of opponents the player's hero wins 40–60% of the time, nearest 50% first. */
export const findFairMatches = (userId: string, heroId: string, limit = 6): Promise<OpponentsResponse> =>
  call('get', '/api/arena/opponents', { query: { user_id: userId, hero_id: heroId, limit } });

/** Find a fair match again: the day's next set for the hero, away from the one before. */
export const refreshFairMatches = (userId: string, heroId: string, limit = 6): Promise<OpponentsResponse> =>
  call('post', '/api/arena/opponents/refresh', { body: { user_id: userId, hero_id: heroId, limit } });

/** A fight's win chance and enemies before it is fought (GET /api/odds). */
export const getOdds = (query: OddsQuery, signal?: AbortSignal): Promise<OddsResponse> =>
  call('get', '/api/odds', { query }, { signal });

/** The fairness figures (public): stated against observed odds (of one kind of fight, or all), rarity, balance. */
export const getFairness = (kind: FairnessKind, signal?: AbortSignal): Promise<FairnessResponse> =>
  call('get', '/api/fairness', { query: { kind: kind === 'all' ? undefined : kind } }, { signal });

// --- Shop, inventory -----------------------------------------------------------------------------------
export const listShop = (): Promise<ShopItem[]> => call('get', '/api/shop', {});

// --- The campaign and idle income ----------------------------------------------------------------------
export const getCampaign = (userId: string): Promise<CampaignResponse> =>
  call('get', '/api/campaign', { query: { user_id: userId } });
/** A campaign stage fought turn by turn (the battle state) or at once (the result), as team battles are. */
export const fightStage = (
  userId: string,
  stageId: string,
  team: string[],
  mode: 'turn_based' | 'auto',
  oddsKey?: string,
): Promise<CreatedBattle> =>
  call('post', '/api/campaign/stages/{stageId}/battle', {
    path: { stageId },
    body: { user_id: userId, team_hero_ids: team, mode, odds_key: oddsKey },
  });
export const getIdle = (userId: string): Promise<IdleView> =>
  call('get', '/api/idle', { query: { user_id: userId } });
/** Claims idle income; `key` is the press's Idempotency-Key. */
export const claimIdle = (userId: string, key: string): Promise<IdleClaimResponse> =>
  call('post', '/api/idle/claim', { body: { user_id: userId } }, { idempotencyKey: key });

// --- The daily layer -----------------------------------------------------------------------------------
export const getDaily = (userId: string): Promise<DailyResponse> =>
  call('get', '/api/daily', { query: { user_id: userId } });
/** Claims a quest (its id), 'bonus' or 'calendar'; `key` is the press's Idempotency-Key. */
export const claimDaily = (userId: string, claim: string, key: string): Promise<ClaimResponse> =>
  call('post', '/api/daily/claim', { body: { user_id: userId, claim } }, { idempotencyKey: key });
export const purchaseItem = (userId: string, itemId: string, key: string): Promise<Purchase> =>
  call(
    'post',
    '/api/shop/purchase',
    { body: { user_id: userId, item_id: itemId, quantity: 1 } },
    { idempotencyKey: key },
  );
export const getInventory = (userId: string): Promise<Inventory> =>
  call('get', '/api/inventory', { query: { user_id: userId } });
export const applyItem = (
  userId: string,
  itemId: string,
  key: string,
  heroId?: string,
): Promise<UseItemResult> =>
  call(
    'post',
    '/api/inventory/use',
    { body: { user_id: userId, item_id: itemId, hero_id: heroId } },
    { idempotencyKey: key },
  );

// --- Dungeons ------------------------------------------------------------------------------------------
export const listDungeons = (): Promise<Dungeon[]> => call('get', '/api/dungeons', {});
export const getDungeon = (dungeonId: string): Promise<Dungeon> =>
  call('get', '/api/dungeons/{dungeonId}', { path: { dungeonId } });
export const startDungeon = (
  dungeonId: string,
  userId: string,
  teamHeroIds: string[],
  tier: number,
): Promise<DungeonRun> =>
  call('post', '/api/dungeons/{dungeonId}/start', {
    path: { dungeonId },
    body: { user_id: userId, team_hero_ids: teamHeroIds, abandon_active: true, tier },
  });
/** Each dungeon's tiers as the player has them: open, cleared. */
export const listDungeonTiers = (userId: string): Promise<DungeonTiers> =>
  call('get', '/api/dungeon-tiers', { query: { user_id: userId } });
/** Fights the run's next floor; naming `floor` turns a stale call (another tab fought it) into a 409. */
export const fightDungeonRun = (
  runId: string,
  userId?: string,
  floor?: number,
  oddsKey?: string,
): Promise<RunBattleResult> =>
  call('post', '/api/dungeon-runs/{runId}/battle', {
    path: { runId },
    body: { ...(userId ? { user_id: userId } : {}), ...(floor ? { floor } : {}), odds_key: oddsKey },
  }) as Promise<RunBattleResult>;
/** Opens the run's next floor (`floor`) as a turn-based battle the player steers; one under way is answered as it is. */
export const fightFloorTurnByTurn = (
  runId: string,
  userId: string,
  floor: number,
  oddsKey?: string,
): Promise<StartedFloorBattle> =>
  call('post', '/api/dungeon-runs/{runId}/battle', {
    path: { runId },
    body: { user_id: userId, floor, mode: 'turn_based', odds_key: oddsKey },
  }) as Promise<StartedFloorBattle>;
export const getDungeonRun = (runId: string, userId: string): Promise<DungeonRun> =>
  call('get', '/api/dungeon-runs/{runId}', { path: { runId }, query: { user_id: userId } });
export const getActiveRun = (userId: string): Promise<{ run: DungeonRun | null }> =>
  call('get', '/api/dungeon-runs/active', { query: { user_id: userId } });

// --- Live play (docs/api.md "Live play"; the socket: ./live-socket.ts) ----------------------------------------
export type Challenge = z.infer<typeof ChallengeSchema>;
export type ChallengeList = z.infer<typeof ChallengesResponse>;
/** A live match as the API document states it (what the server adds meanwhile is read defensively: pages/match). */
export type Match = Answer<Operation<'/api/matches/{id}', 'get'>>;
export type LiveAction = z.infer<typeof LiveAction>;
export const createChallenge = (userId: string, heroIds: string[], opponentId?: string): Promise<Challenge> =>
  call('post', '/api/challenges', {
    body: { user_id: userId, hero_ids: heroIds, ...(opponentId ? { opponent_id: opponentId } : {}) },
  });
export const listChallenges = (userId: string): Promise<ChallengeList> =>
  call('get', '/api/challenges', { query: { user_id: userId } });
export const getChallenge = (id: string): Promise<Challenge> =>
  known(id, 'Challenge not found', () => call('get', '/api/challenges/{id}', { path: { id } }));
export const acceptChallenge = (
  id: string,
  userId: string,
  heroIds: string[],
): Promise<{ match_id: string }> =>
  call('post', '/api/challenges/{id}/accept', { path: { id }, body: { user_id: userId, hero_ids: heroIds } });
export const declineChallenge = (id: string, userId: string): Promise<Challenge> =>
  call('post', '/api/challenges/{id}/decline', { path: { id }, body: { user_id: userId } });
export const cancelChallenge = (id: string, userId: string): Promise<Challenge> =>
  call('post', '/api/challenges/{id}/cancel', { path: { id }, body: { user_id: userId } });
export const getMatch = (id: string, userId?: string): Promise<Match> =>
  known(id, 'Match not found', () =>
    call('get', '/api/matches/{id}', { path: { id }, query: { user_id: userId } }),
  );
/** A player's choice for this turn (202: kept, or the turn played when the other side had chosen). */
export const chooseInMatch = (
  id: string,
  userId: string,
  turn: number,
  actions: LiveAction[],
): Promise<{ turn: number; resolved: boolean; match: Match }> =>
  call('post', '/api/matches/{id}/choices', {
    path: { id },
    body: { user_id: userId, turn, actions },
  }) as unknown as Promise<{ turn: number; resolved: boolean; match: Match }>;
export const forfeitMatch = (id: string, userId: string): Promise<Match> =>
  call('post', '/api/matches/{id}/forfeit', { path: { id }, body: { user_id: userId } });

/** The live ladder: players who have played a live match, by live rating. */
export const getLiveLeaderboard = (limit = 10): Promise<Answer<Operation<'/api/live/leaderboard', 'get'>>> =>
  call('get', '/api/live/leaderboard', { query: { limit } });
/** Asks for a rematch (the same teams): the match once both players have asked, else waiting for the other. */
export const requestRematch = (
  id: string,
  userId: string,
): Promise<{ match_id: string | null; waiting: boolean }> =>
  call('post', '/api/matches/{id}/rematch', { path: { id }, body: { user_id: userId } });

// --- Guilds and the guild boss (docs/api.md "Guilds"; hooks: ./guild-hooks.ts) -------------------------------
export type GuildView = z.infer<typeof Guild>;
export type GuildSummary = z.infer<typeof GuildSummarySchema>;
export type GuildsPage = z.infer<typeof GuildsResponse>;
export type GuildRanking = z.infer<typeof GuildRankingResponse>;
export type GuildMessage = z.infer<typeof GuildMessageSchema>;
export type GuildMessages = z.infer<typeof MessagesResponse>;
export type GuildRole = z.infer<typeof GuildRoleSchema>;
export type GuildJoin = z.infer<typeof JoinResponse>;
export type GuildLeave = z.infer<typeof LeaveResponse>;
export type GuildBoss = z.infer<typeof BossView>;
export type GuildAttack = z.infer<typeof AttackResponse>;
/** Guilds whose names hold `query`, a page at a time by name; for `userId`, whether they asked to join each. */
export const listGuilds = (
  opts: { query?: string; cursor?: string | null; userId?: string } = {},
  signal?: AbortSignal,
): Promise<GuildsPage> =>
  call(
    'get',
    '/api/guilds',
    {
      query: {
        query: opts.query || undefined,
        cursor: opts.cursor ?? undefined,
        limit: 20,
        user_id: opts.userId,
      },
    },
    { signal },
  );
/** The guilds that killed the most bosses this week. */
export const getGuildRanking = (): Promise<GuildRanking> => call('get', '/api/guilds/ranking', {});
export const createGuild = (
  userId: string,
  guild: { name: string; description?: string; join_policy: 'open' | 'request' },
): Promise<GuildView> => call('post', '/api/guilds', { body: { user_id: userId, ...guild } });
/** A guild as `userId` reads it (its leader and officers are shown the requests to join; anyone, whether they asked). */
export const getGuild = (id: string, userId?: string): Promise<GuildView> =>
  known(id, 'Guild not found', () =>
    call('get', '/api/guilds/{id}', { path: { id }, query: { user_id: userId } }),
  );
/** Joins an open guild (joined) or asks to join one by request (asked). */
export const joinGuild = (id: string, userId: string): Promise<GuildJoin> =>
  call('post', '/api/guilds/{id}/join', { path: { id }, body: { user_id: userId } }) as Promise<GuildJoin>;
export const answerJoinRequest = (
  id: string,
  asker: string,
  userId: string,
  answer: 'accept' | 'refuse',
): Promise<GuildView> =>
  answer === 'accept'
    ? call('post', '/api/guilds/{id}/requests/{userId}/accept', {
        path: { id, userId: asker },
        body: { user_id: userId },
      })
    : call('post', '/api/guilds/{id}/requests/{userId}/refuse', {
        path: { id, userId: asker },
        body: { user_id: userId },
      });
export const leaveGuild = (id: string, userId: string): Promise<GuildLeave> =>
  call('post', '/api/guilds/{id}/leave', { path: { id }, body: { user_id: userId } });
export const removeGuildMember = (id: string, member: string, userId: string): Promise<GuildView> =>
  call('post', '/api/guilds/{id}/members/{userId}/remove', {
    path: { id, userId: member },
    body: { user_id: userId },
  });
/** Names a member officer or member, or hands leadership over ('leader'). */
export const setGuildRole = (
  id: string,
  member: string,
  userId: string,
  role: GuildRole,
): Promise<GuildView> =>
  call('post', '/api/guilds/{id}/members/{userId}/role', {
    path: { id, userId: member },
    body: { user_id: userId, role },
  });
/** The guild's board, newest first (members only). */
export const getGuildMessages = (
  id: string,
  userId: string,
  cursor?: string | null,
): Promise<GuildMessages> =>
  call('get', '/api/guilds/{id}/messages', {
    path: { id },
    query: { user_id: userId, cursor: cursor ?? undefined, limit: 50 },
  });
export const postGuildMessage = (id: string, userId: string, text: string): Promise<GuildMessage> =>
  call('post', '/api/guilds/{id}/messages', { path: { id }, body: { user_id: userId, text } });
/** The week's boss as the player stands against it; with `heroIds`, that team's expected damage too. */
export const getGuildBoss = (id: string, userId: string, heroIds?: string[]): Promise<GuildBoss> =>
  call('get', '/api/guilds/{id}/boss', {
    path: { id },
    query: { user_id: userId, hero_ids: heroIds && heroIds.length > 0 ? heroIds.join(',') : undefined },
  });
/** One of the player's attacks of the day on the boss; `key` is the press's Idempotency-Key. */
export const attackGuildBoss = (
  id: string,
  userId: string,
  heroIds: string[],
  key: string,
): Promise<GuildAttack> =>
  call(
    'post',
    '/api/guilds/{id}/boss/attack',
    { path: { id }, body: { user_id: userId, hero_ids: heroIds } },
    { idempotencyKey: key },
  );

// --- The operator's console (/admin; operators only: ADMIN_USERNAMES, signed in with a passkey) ----------------
export const adminFindPlayers = (query: string, signal?: AbortSignal): Promise<AdminPlayersResponse> =>
  call('get', '/api/admin/players', { query: { query } }, { signal });
export const adminGetPlayer = (id: string): Promise<AdminPlayerDetail> =>
  call('get', '/api/admin/players/{id}', { path: { id } });
/** A grant or a take of one currency; `key` is the press's Idempotency-Key, so a double tap moves it once. */
export const adminMove = (
  id: string,
  action: 'grant' | 'take',
  body: { currency: Currency; amount: number; reason: string },
  key: string,
): Promise<AdminActionResponse> =>
  call(
    'post',
    action === 'grant' ? '/api/admin/players/{id}/grant' : '/api/admin/players/{id}/take',
    { path: { id }, body },
    { idempotencyKey: key },
  );
export const adminSuspend = (id: string, reason: string, key: string): Promise<AdminActionResponse> =>
  call(
    'post',
    '/api/admin/players/{id}/suspend',
    { path: { id }, body: { reason } },
    { idempotencyKey: key },
  );
export const adminRestore = (id: string, reason: string, key: string): Promise<AdminActionResponse> =>
  call(
    'post',
    '/api/admin/players/{id}/restore',
    { path: { id }, body: reason ? { reason } : {} },
    { idempotencyKey: key },
  );
export const adminAudit = (cursor?: string | null): Promise<AuditPage> =>
  call('get', '/api/admin/audit', { query: { cursor: cursor ?? undefined } });
