// The database's tables as Kysely types: one interface per table. Migrations (migrations.ts) create them;
// row <-> game shape conversions live in hero-rows.ts; every query goes through a Kysely<Database>.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  /** lower-cased username: unique, and the key of the prefix search */
  username_key: string;
  gold: number;
  magic_essence: number;
  summoning_scrolls: number;
  combat_tokens: number;
  created_at: number;
  /** how many heroes the player owns (kept with every hero insert and delete) */
  hero_count: Generated<number>;
  /** the paid generation whose pair waits to be kept (summoning.ts); null when none */
  pending_generation_id: Generated<string | null>;
  /** the player's day (src/game/day-clock.ts): the IANA zone and local hour it resets at (economy/daily-progress.ts) */
  time_zone: Generated<string>;
  reset_hour: Generated<number>;
  /** after a change of zone or hour: the reset the day then in progress was to end at (epoch seconds) … */
  rule_from: Generated<number | null>;
  /**
   * … and that day's name + 1 (days since 1970-01-01), the first date the new rule may name; the day is held on past
   * rule_from while the new zone's date there is an earlier one. Both null when no change was made
   */
  day_floor: Generated<number | null>;
  /** how many login-calendar rewards the player has claimed in all (the next is day claims % 7 + 1) */
  calendar_claims: Generated<number>;
  /**
   * the player's day (days since 1970-01-01) on which the arena, and the first dungeon, opened (its stage first
   * cleared): their quests are drawn from the next day on (economy/daily-progress.ts); null while not open
   */
  arena_opened_on: Generated<number | null>;
  dungeon_opened_on: Generated<number | null>;
  /** days up to this one draw their quests from every kind (the accounts made before the draw heeded what is open) */
  draws_every_kind_through: Generated<number | null>;
  /** 1 while the account is locked: it holds at least one passkey, and only its sessions act for it (passkeys.ts) */
  locked: Generated<number>;
  /** the guild the player is in (guilds/), null: none; when they last left one (epoch seconds: the hour's wait) */
  guild_id: Generated<string | null>;
  guild_left_at: Generated<number | null>;
  /** the last request the player made (epoch seconds, written at most once a minute: accounts/player-guard.ts) */
  last_seen: Generated<number>;
  /** while suspended by an operator: since when (epoch seconds) and why; null otherwise (admin/, migration 0035) */
  suspended_at: Generated<number | null>;
  suspended_reason: Generated<string | null>;
}

/** A locked account's passkeys: WebAuthn credentials (id and public key base64url, transports as JSON). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  used_at: number | null;
}

/** Sessions a passkey started: id is the SHA-256 (hex) of the cookie's token; expiry slides (sessions.ts). */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

/** A WebAuthn ceremony under way: its challenge, used once before it expires (passkeys.ts). */
export interface WebauthnChallengesTable {
  id: string;
  user_id: string;
  purpose: 'register' | 'sign_in';
  challenge: string;
  expires_at: number;
}

/** Players' heroes and dungeon NPCs (dungeon_id set, user_id null). JSON fields are stored as text. */
export interface HeroesTable {
  id: string;
  user_id: string | null;
  dungeon_id: string | null;
  generation_id: string | null;
  seed: number;
  name: string;
  race: string;
  race_description: string;
  class: string;
  class_description: string;
  type: string;
  rarity: number;
  level: number;
  xp: number;
  hp: number;
  max_hp: number;
  atk: number;
  def: number;
  spd: number;
  description: string;
  portrait_url: string;
  boon: string;
  bane: string;
  boon_icon: string;
  bane_icon: string;
  abilities: string;
  /** the whole Hero as JSON, kept in step by heroColumns(): reads parse (or pass through) one string */
  doc: string;
  /** bumped on every change that can alter a fight (reroll, xp, items): keys the odds cache */
  version: number;
  created_at: number;
}

/** One row per generation_id: the scroll is charged when the row is first inserted. */
export interface GenerationsTable {
  id: string;
  user_id: string;
  candidates: number;
  created_at: number;
}

/** The server's own record of a generated candidate; a hero is saved from this, never from the client. */
export interface CandidatesTable {
  id: string;
  user_id: string | null;
  generation_id: string | null;
  /** 1 or 2: the order the pair was drawn in, shown again in that order */
  slot: Generated<number>;
  hero: string;
  saved: number;
  created_at: number;
}

export interface ShopItemsTable {
  id: string;
  name: string;
  type: string;
  description: string;
  cost: number;
  currency: string;
  icon: string;
  targets_hero: number;
  sort: number;
}

export interface InventoryTable {
  id: string;
  user_id: string;
  item_id: string;
  quantity: number;
  created_at: number;
}

export interface DungeonsTable {
  id: string;
  name: string;
  difficulty: string;
  level_recommendation: number;
  rewards_multiplier: number;
  description: string;
  image_url: string;
  theme: string;
  floors: number;
  sort: number;
}

export interface DungeonRunsTable {
  id: string;
  user_id: string;
  dungeon_id: string;
  team_hero_ids: string;
  floor: number;
  floors: number;
  /** the dungeon's tier the run fights (game/data/dungeons.ts TIERS): 1 for runs from before tiers */
  tier: Generated<number>;
  status: string;
  created_at: number;
  updated_at: number;
}

/** Every battle: turn-based ones keep their engine state (JSON), quick ones their result. */
export interface BattlesTable {
  id: string;
  user_id: string;
  kind: string;
  location_type: string;
  location: string;
  status: string;
  team_hero_ids: string;
  state: string | null;
  result: string | null;
  rewards: string | null;
  level_ups: string | null;
  /** a fight resolved at once: its record, deflated JSON (battle-record.ts) */
  record: Buffer | null;
  run_id: string | null;
  /** unix seconds a replay of it was last opened (sweep.ts keeps those 30 days), or null */
  replay_opened_at: number | null;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A player's next random encounter: which band of random-foes.ts the next random battle meets. */
export interface NextEncountersTable {
  user_id: string;
  band: number;
  drawn_at: number;
}

/**
 * Every change of a player's currency, written by the wallet (wallet.ts) in the transaction of the change, never
 * changed after: for each player and currency the balance is the sum of its deltas (ledger.ts audits it).
 */
export interface LedgerTable {
  /** ascending: a player's entries are written one transaction at a time (their row is locked first) */
  id: Generated<number>;
  user_id: string;
  currency: string;
  delta: number;
  balance_after: number;
  /** one of LEDGER_REASONS (src/api/ledger.ts) */
  reason: string;
  /** the battle, hero, item or generation that caused it, or null */
  ref: string | null;
  created_at: number;
}

/** A hero's (or NPC's) arena ladder rating, Glicko-2 (src/game/ladder.ts), and its arena record. */
export interface HeroRatingsTable {
  /** a hero's id or an NPC's (npc_…) */
  hero_id: string;
  rating: number;
  rd: number;
  vol: number;
  /** rating − 2·rd: the leaderboard's order (indexed with hero_id) */
  conservative: number;
  wins: number;
  losses: number;
  updated_at: number;
  /** 1: an NPC's (no player's), for life; the ladder's walks keep to a side (index hero_ratings_side_rating) */
  npc: Generated<number>;
}

/** A player's arena win over an opponent, kept a day: the repeat-win rule counts them (sweep.ts forgets older). */
export interface ArenaWinsTable {
  user_id: string;
  opponent_id: string;
  battle_id: string;
  won_at: number;
}

/**
 * The opponents Find a fair match offers a player's hero today (fights/fair-matches.ts): one row a hero, replaced by
 * the next day's set or a refresh, and kept as the set to stay away from the next time.
 */
export interface FairOffersTable {
  hero_id: string;
  user_id: string;
  /** the player's day it was drawn on (days since 1970-01-01: src/game/day-clock.ts) */
  day: number;
  /** which draw of that day: 0 the day's first, each refresh one more */
  draw: number;
  /** the offered opponents' ids, as JSON */
  opponent_ids: string;
  updated_at: number;
}

/**
 * A challenge to a live match (fights/challenges.ts): open until accepted, declined, cancelled or past `expires_at`
 * (read as expired then). No `opponent_id`: an open link anyone but the challenger may accept.
 */
export interface ChallengesTable {
  id: string;
  challenger_id: string;
  opponent_id: string | null;
  /** the challenger's heroes, as JSON */
  hero_ids: string;
  status: 'open' | 'accepted' | 'declined' | 'cancelled';
  /** unix seconds */
  expires_at: number;
  match_id: string | null;
  /** the challenger's stated chance against the opponent's strongest team of that size; null for an open link */
  probability: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A live match (fights/live-matches.ts): the battle as the rules hold it (`state`: src/game/battle/live.ts), each
 * side's choice for this turn until both have chosen, the clocks. `version` rises by one with each turn played and
 * at the end: every change is guarded by it.
 */
export interface LiveMatchesTable {
  id: string;
  challenge_id: string;
  /** side 0: the challenger */
  user_a: string;
  user_b: string;
  status: 'in_play' | 'over' | 'aborted';
  state: string;
  /** both teams as they were when it began, as JSON: [side 0's heroes, side 1's] */
  teams: string;
  turn: number;
  version: number;
  /** this turn's choices, as JSON, until both have chosen */
  choice_a: string | null;
  choice_b: string | null;
  /** unix ms: the end of this turn's own time */
  turn_deadline: number;
  bank_a_ms: number;
  bank_b_ms: number;
  /** turns in a row the AI chose for each side (its player's time ran out) */
  auto_a: number;
  auto_b: number;
  winner_id: string | null;
  created_at: number;
  updated_at: number;
  /** side 0's honest chance with the teams fielded, stated when the match opened (what a win pays by) */
  probability: number | null;
  /** 1 once its end is rated and its pay decided (fights/kinds/live.ts) */
  settled: Generated<number>;
  /** 1 once each side's record and pay are written */
  paid_a: Generated<number>;
  paid_b: Generated<number>;
  /** whether its win pays (the win-trading cap), decided when it is settled */
  pays: number | null;
  /** both players' live ratings before and after, as JSON, once settled */
  ratings: string | null;
  /** unix ms it ended */
  ended_at: number | null;
  /** whether each player has asked for a rematch; the rematch's id once both have */
  rematch_a: Generated<number>;
  rematch_b: Generated<number>;
  rematch_id: string | null;
  /** each player's sockets watching the match, over every instance */
  online_a: Generated<number>;
  online_b: Generated<number>;
  /** unix ms since no socket of the player has watched it (null while one does, or before any did) */
  away_a: number | null;
  away_b: number | null;
  /** the instance running its clock, and until when (unix ms) that lease holds unless renewed */
  host: string | null;
  host_until: number | null;
}

/** A player's live rating (Glicko-2), apart from the arena's hero ladder. */
export interface LiveRatingsTable {
  user_id: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  wins: number;
  updated_at: number;
}

/** Live matches a pair of players ended in a day (the day number since 1970, UTC): the win-trading cap counts them. */
export interface LivePairDaysTable {
  /** the two user ids, in order, joined by '|' */
  pair: string;
  day: number;
  matches: number;
}

/** Sockets an instance holds on one side of a live match (its own rows only: migration-0033-live-presence.ts). */
export interface LivePresenceTable {
  match_id: string;
  side: number;
  instance: string;
  sockets: number;
}

/** Instances alive: each renews its row as its clocks run (unix ms). */
export interface LiveInstancesTable {
  instance: string;
  renewed_at: number;
}

/** What a player did toward a day's quests, per kind (economy/daily-progress.ts counts it in the act's own transaction). */
export interface DailyProgressTable {
  user_id: string;
  /** the player's day, 'YYYY-MM-DD' (src/game/day-clock.ts) */
  period: string;
  /** a quest kind (src/game/data/quests.ts) */
  kind: string;
  count: number;
  updated_at: number;
}

/** A daily reward paid: one row per (player, claim, period), inserted before the credit in the same transaction. */
/** A player's way through the campaign (migration 0022_campaign). */
export interface CampaignProgressTable {
  user_id: string;
  /** stages cleared, in order: the furthest is STAGES[cleared - 1] */
  cleared: number;
  /** when idle income began accruing (the first clear, then each claim), epoch seconds */
  idle_since: number | null;
  /** the hero ids (JSON) of the last team that won a stage: idle xp goes to them */
  idle_team: string | null;
  updated_at: number;
}

/** A campaign claim paid once: 'first_clear' (period: the stage id) or 'idle' (period: idle_since it paid from). */
/**
 * A reward paid once (economy/claims.ts claimOnce): its primary key (player, kind, claim, period) is what refuses a
 * second payment, on any instance.
 */
export interface ClaimsTable {
  user_id: string;
  /** where it is claimed: 'daily' (quests, the bonus, the calendar) or 'campaign' (first clears, idle income) */
  kind: string;
  /** daily: 'quest:<kind>', 'bonus' or 'calendar'; campaign: 'first_clear' or 'idle' */
  claim: string;
  /** what it is claimed for: the day's name, the stage's id, when idle income began (seconds) */
  period: string;
  /** what it paid, as JSON */
  reward: string;
  created_at: number;
}

/**
 * A paying request's Idempotency-Key (idempotency.ts): claimed while it runs (status null), then its answer.
 * `token` names the claim, so only the request that claimed the key stores or releases it.
 */
export interface IdempotencyKeysTable {
  key: string;
  /** sha-256 of the method, route, parameters, query and body the key was first sent with */
  fingerprint: string;
  token: string;
  /** the answer's HTTP status; null while the first request runs */
  status: number | null;
  content_type: string | null;
  body: string | null;
  /** when the key was claimed (clock.ts seconds): the sweep forgets a row a day later */
  created_at: number;
}

/** A player's pity counter for one rarity: pairs since their last pair holding it or better (src/game/altar.ts). */
export interface SummonPityTable {
  user_id: string;
  rarity: number;
  since_last: number;
}

/** A paid pair as the player's summon history shows it. */
export interface SummonHistoryTable {
  generation_id: string;
  user_id: string;
  /** the candidates' rarities in drawn order, as JSON */
  rarities: string;
  /** the rarity the pair's first candidate was drawn at or above (1: no pity) */
  floor: number;
  /** the kept candidate's place in `rarities` (0-based), null while none is */
  kept: number | null;
  /** the player's summons in order, 1, 2, … (written under the player's row lock) */
  seq: number;
  /** when it was paid for (clock.ts seconds) */
  at: number;
}

export interface Database {
  users: UsersTable;
  passkeys: PasskeysTable;
  sessions: SessionsTable;
  webauthn_challenges: WebauthnChallengesTable;
  daily_progress: DailyProgressTable;
  claims: ClaimsTable;
  campaign_progress: CampaignProgressTable;
  heroes: HeroesTable;
  generations: GenerationsTable;
  candidates: CandidatesTable;
  shop_items: ShopItemsTable;
  inventory: InventoryTable;
  dungeons: DungeonsTable;
  dungeon_runs: DungeonRunsTable;
  battles: BattlesTable;
  next_encounters: NextEncountersTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  summon_pity: SummonPityTable;
  summon_history: SummonHistoryTable;
  ledger: LedgerTable;
  hero_ratings: HeroRatingsTable;
  arena_wins: ArenaWinsTable;
  fair_offers: FairOffersTable;
  fight_tallies: FightTallyTable;
  summon_tallies: SummonTallyTable;
  balance_measures: BalanceMeasuresTable;
  content_ids: ContentIdsTable;
  hero_gear: HeroGearTable;
  ascension_spends: AscensionSpendsTable;
  challenges: ChallengesTable;
  live_matches: LiveMatchesTable;
  live_ratings: LiveRatingsTable;
  live_pair_days: LivePairDaysTable;
  live_presence: LivePresenceTable;
  live_instances: LiveInstancesTable;
  guilds: GuildsTable;
  guild_members: GuildMembersTable;
  guild_requests: GuildRequestsTable;
  guild_messages: GuildMessagesTable;
  guild_attacks: GuildAttacksTable;
  guild_kill_rewards: GuildKillRewardsTable;
  admin_audit: AdminAuditTable;
}

/** One console action (migration 0035): append-only, the database refuses UPDATE and DELETE. */
export interface AdminAuditTable {
  /** in the order written */
  id: Generated<number>;
  /** epoch seconds, by the game clock */
  at: number;
  operator_id: string;
  operator_username: string;
  action: string;
  target_user_id: string;
  reason: string | null;
  /** JSON text: what the action changed, as it was and as it became */
  before: string;
  after: string;
}

/** A guild (migration 0034): its week's boss on its row — the week (its Monday's day number), level, health, kills. */
export interface GuildsTable {
  id: string;
  name: string;
  /** the name lower-cased while the guild is open (unique); null once closed */
  name_key: string | null;
  description: string;
  join_policy: string;
  time_zone: string;
  created_at: number;
  closed_at: number | null;
  member_count: number;
  week: number;
  boss_level: number;
  boss_hp: number;
  week_kills: number;
}
export interface GuildMembersTable {
  user_id: string;
  guild_id: string;
  role: string;
  joined_at: number;
}
export interface GuildRequestsTable {
  guild_id: string;
  user_id: string;
  asked_at: number;
}
export interface GuildMessagesTable {
  id: string;
  guild_id: string;
  user_id: string;
  text: string;
  /** epoch ms */
  created_at: number;
}
/** One attack on a guild boss: one of the player's BOSS_ATTACKS_A_DAY slots of a guild day (unique). */
export interface GuildAttacksTable {
  battle_id: string;
  guild_id: string;
  user_id: string;
  week: number;
  day: number;
  slot: number;
  level: number;
  damage: number;
  hp_after: number;
  created_at: number;
}
/** A kill reward paid: one a member a boss (its guild, week and level). */
export interface GuildKillRewardsTable {
  guild_id: string;
  week: number;
  level: number;
  user_id: string;
  paid_at: number;
}

/** A piece of gear a hero wears: one a slot (heroes/worn-gear.ts); the hero's document carries the same, for fights. */
export interface HeroGearTable {
  hero_id: string;
  /** weapon, armour, charm or relic */
  slot: string;
  /** the piece's content id (src/game/data/gear.ts), also its inventory item id */
  item_id: string;
  user_id: string;
  equipped_at: number;
}

/** What one star a hero rose was paid with (heroes/hero-ascension.ts): a reset refunds every row of the hero's. */
export interface AscensionSpendsTable {
  hero_id: string;
  /** the rarity the star reached */
  star: number;
  user_id: string;
  essence: number;
  shards: number;
  /** the spent heroes' documents, as JSON: a reset puts them back */
  heroes: string;
  created_at: number;
}

/** A client's window of one limit (limit-store.ts; PostgreSQL deployments without Redis). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_end: number;
}

/**
 * Every auto fight ever fought, counted by kind and stated win chance in whole percent (fairness.ts writes it in the
 * fight's transaction): the fights themselves are forgotten past a player's newest 500 (sweep.ts), these counts never.
 * Each count is split over shards (the player's), so no row is one every fight must wait on; reads sum them.
 */
export interface FightTallyTable {
  /** random, arena or dungeon */
  kind: string;
  /** the stated win chance's whole percent, 0–99 (100% counts in 99) */
  bin: number;
  /** the fighting player's shard (fairness.ts tallyShard) */
  shard: number;
  fights: number;
  won: number;
  /** the sum of their stated win chances (its mean is what the bin stated) */
  stated: number;
}

/** Candidates drawn by paid summons, ever, by rarity (fairness.ts, in the draw's transaction; candidates are swept). */
export interface SummonTallyTable {
  rarity: number;
  /** the summoning player's shard (fairness.ts tallyShard) */
  shard: number;
  drawn: number;
}

/** The Balance chart's measure (fairness.ts), once per rules version: `rules` is its key, `body` its JSON. */
export interface BalanceMeasuresTable {
  rules: string;
  body: string;
  created_at: number;
}

/** An id a content table had at the last successful start, by the kind of reference (store/known-ids.ts). */
export interface ContentIdsTable {
  /** race, class, type, boon, bane or ability */
  kind: string;
  id: string;
}
