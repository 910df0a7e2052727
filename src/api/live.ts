// Live play (issue: play live): challenges between players — POST /api/challenges, GET /api/challenges, POST
// /api/challenges/{id}/accept | decline | cancel — and the matches they open: GET /api/matches/{id}, POST
// /api/matches/{id}/choices, POST /api/matches/{id}/forfeit. Server: routes/live.ts over fights/challenges.ts and
// fights/live-matches.ts; rules: src/game/battle/live.ts.
import { z } from 'zod';
import { Id, Rewards } from './common.ts';
import { LiveRating } from './users.ts';
import { BattleEvent, Option, TeamHeroIds, UnitView } from './battles.ts';

export const ChallengeStatus = z.enum(['open', 'accepted', 'declined', 'cancelled', 'expired']);

const Player = z.object({ id: z.string(), username: z.string() });
const HeroBrief = z.object({
  id: z.string(),
  name: z.string(),
  level: z.number().int(),
  rarity: z.number().int(),
  class: z.string(),
  portrait_url: z.string(),
  power: z.number().int().describe('its power, in the gear it wears (as the campaign counts it)'),
});

export const CreateChallengeBody = z.object({
  user_id: Id,
  hero_ids: TeamHeroIds.describe('the challenger’s team: 1–4 of their heroes'),
  opponent_id: Id.optional().describe('the player challenged; left out: an open link anyone else may accept'),
});

export const Challenge = z.object({
  id: z.string(),
  url: z.string().describe('the challenge’s page, to send (/duel/{id})'),
  status: ChallengeStatus,
  created_at: z.number().int().describe('unix seconds: when it was made'),
  expires_at: z.number().int().describe('unix seconds: an open challenge lapses then'),
  challenger: Player,
  opponent: Player.nullable().describe('null: an open link'),
  heroes: z.array(HeroBrief).describe('the challenger’s team'),
  size: z.number().int().describe('how many heroes each side fields'),
  probability: z
    .number()
    .nullable()
    .describe(
      'the challenger’s honest chance against the opponent’s strongest team of that size (AI on both sides, as ' +
        'every stated chance); null for an open link, or an opponent with too few heroes',
    ),
  match_id: z.string().nullable().describe('the match it opened, once accepted'),
});
export type Challenge = z.infer<typeof Challenge>;

export const ChallengesQuery = z.object({ user_id: Id });
export const ChallengesResponse = z.object({
  incoming: z.array(Challenge).describe('open challenges to this player, newest first'),
  outgoing: z.array(Challenge).describe('this player’s challenges of the last day, newest first'),
});

export const ChallengeParams = z.object({ id: Id });
export const AcceptChallengeBody = z.object({
  user_id: Id,
  hero_ids: TeamHeroIds.describe('the accepting team: as many heroes as the challenger’s'),
});
export const AcceptChallengeResponse = z.object({ match_id: z.string() });
export const ChallengeActorBody = z.object({ user_id: Id });

export const MatchStatus = z.enum(['waiting', 'in_play', 'over', 'aborted']);
export const LiveAction = z.object({
  hero_id: Id,
  ability_id: Id.describe("an ability the hero has ('attack', 'defend' and 'focus' too)"),
  target_id: Id.optional().describe(
    'one enemy or one ally, for an action aimed at one; the AI’s pick when left out',
  ),
});

export const MatchSide = z.object({
  user_id: z.string(),
  username: z.string(),
  heroes: z.array(UnitView).describe('the side’s heroes as the match stands'),
  acting: z.array(z.string()).describe('its heroes that act this turn: each needs its player’s choice'),
  chosen: z.boolean().describe('whether its player has chosen for this turn (never what)'),
  clock: z.object({
    turn_deadline: z.number().int().describe('unix ms: the end of this turn’s own time'),
    bank_ms: z.number().int().describe('the bank left, drawn on after the turn’s own time'),
  }),
  chosen_for: z
    .number()
    .int()
    .describe(
      'turns in a row chosen for this player by the AI, their time run out ("chosen for you"); the third forfeits',
    ),
  connected: z.boolean().describe('whether a socket of its player watches the match now'),
  forfeits_at: z
    .number()
    .int()
    .nullable()
    .describe(
      'unix ms: while its player has left (no socket since), when the match is lost if they do not return',
    ),
  rematch: z.boolean().describe('whether its player has asked for a rematch (once over)'),
  battle_id: z
    .string()
    .nullable()
    .describe('once over: this player’s record of the match (GET /api/battles/{id}/replay plays it again)'),
  rewards: Rewards.nullable().describe('once over: what the match paid this player'),
  rating: z
    .object({ before: LiveRating, after: LiveRating })
    .nullable()
    .describe('once over: this player’s live rating before and after'),
});

export const MatchQuery = z.object({
  user_id: Id.optional().describe('a player of the match: their acting heroes’ options come with it'),
});
export const MatchView = z.object({
  id: z.string(),
  status: MatchStatus,
  turn: z.number().int().describe('the turn both sides choose for now (the last one played, once over)'),
  version: z.number().int().describe('rises by one with each turn played, and at the end'),
  sides: z.array(MatchSide).length(2),
  winner_id: z.string().nullable(),
  spectators: z.number().int(),
  probability: z
    .number()
    .nullable()
    .describe(
      'the first side’s honest chance with the teams fielded, stated as the match opened (a win pays by it)',
    ),
  pays: z
    .boolean()
    .nullable()
    .describe(
      'once over: whether the win pays (the same two players’ first matches of a day pay; docs/game-rules.md)',
    ),
  rematch_id: z.string().nullable().describe('the rematch, once both players asked for it'),
  host: z.string().describe('the instance that runs the match’s clock'),
  options: z
    .array(z.object({ hero_id: z.string(), options: z.array(Option) }))
    .describe('for the asking player: each of their acting heroes’ options this turn'),
  events: z.array(BattleEvent).describe('the whole log so far'),
});
export type MatchView = z.infer<typeof MatchView>;

export const ChoicesBody = z.object({
  user_id: Id,
  turn: z.number().int().min(1),
  actions: z.array(LiveAction).max(4),
});
export const ChoicesResponse = z.object({
  turn: z.number().int().describe('the turn the choice was for'),
  resolved: z.boolean().describe('whether both sides had chosen, so the turn was played'),
  match: MatchView,
});
export const ForfeitBody = z.object({ user_id: Id });
export const RematchResponse = z.object({
  match_id: z.string().nullable().describe('the rematch, once both players have asked (same teams)'),
  waiting: z.boolean().describe('true while the other player has not asked yet'),
});

export const LiveLeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const LiveLeaderboardEntry = z.object({
  rank: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  rating: z.number().int(),
  rd: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
});
export const LiveLeaderboardResponse = z.object({ players: z.array(LiveLeaderboardEntry) });
export type LiveLeaderboardResponse = z.infer<typeof LiveLeaderboardResponse>;

// ---- the socket: GET /api/live?user_id= (WebSocket) ------------------------------------------------------------

export const LiveQuery = z.object({
  user_id: Id.optional().describe('the player; left out, the socket only watches (a spectator)'),
});
/** What a client sends: watch a match (its own too), or choose in it (as POST …/choices). */
export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('watch'),
    match_id: Id,
    since_version: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('the last version seen: what came after is sent'),
  }),
  z.object({
    type: z.literal('choose'),
    match_id: Id,
    turn: z.number().int().min(1),
    actions: z.array(LiveAction).max(4),
  }),
  z.object({
    type: z.literal('watch_guild'),
    guild_id: Id.describe('a guild of the player: its board’s new messages are told (guild_message)'),
  }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/** The match as it stands without its log: a `turn` or `over` that brings a socket up to date carries it. */
export const MatchNow = MatchView.omit({ events: true });
export type MatchNow = z.infer<typeof MatchNow>;

/**
 * What the server sends. Each `turn` and `over` raises the match's version by one and is sent once, in order; a
 * `state` is the match at its version (a new watch, or one too far behind); `chosen` names who has chosen, never what.
 */
export type LiveServerMessage =
  | { type: 'challenge'; challenge: Challenge }
  | { type: 'state'; match_id: string; version: number; match: MatchView }
  | {
      type: 'turn';
      match_id: string;
      version: number;
      turn: number;
      events: z.infer<typeof BattleEvent>[];
      /** on the message that brings the socket to the match's version: the match now, for this socket's reader */
      match?: MatchNow;
    }
  | { type: 'chosen'; match_id: string; turn: number; user_id: string }
  | { type: 'over'; match_id: string; version: number; winner_id: string | null; match?: MatchNow }
  /** a member wrote on the board of a guild the socket watches (watch_guild): read it over HTTP */
  | { type: 'guild_message'; guild_id: string; message_id: string }
  | { type: 'error'; error: string };
