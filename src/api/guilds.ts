// Guilds and the guild boss: POST/GET /api/guilds, GET /api/guilds/{id}, joining and its requests, leaving, members'
// removal and roles, the message board (GET/POST /api/guilds/{id}/messages), the week's boss (GET
// /api/guilds/{id}/boss, POST /api/guilds/{id}/boss/attack) and the ranking of guilds (GET /api/guilds/ranking).
// Server: routes/guilds.ts over guilds/; rules: src/game/guild.ts.
import { z } from 'zod';
import { CleanText, Id, Rewards, User } from './common.ts';
import { TeamHeroIds } from './battles.ts';
import { GUILD_DESCRIPTION_MAX, GUILD_MESSAGE_MAX, GUILD_NAME_MAX, GUILD_NAME_MIN } from './rules.ts';

export const GuildRole = z.enum(['leader', 'officer', 'member']);
export type GuildRole = z.infer<typeof GuildRole>;
export const JoinPolicy = z.enum(['open', 'request']);

const Cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, 'not a cursor this server gave');

export const GuildName = CleanText(200)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(GUILD_NAME_MIN, `a guild's name is ${GUILD_NAME_MIN}–${GUILD_NAME_MAX} characters`)
      .max(GUILD_NAME_MAX, `a guild's name is ${GUILD_NAME_MIN}–${GUILD_NAME_MAX} characters`),
  );

export const CreateGuildBody = z.object({
  user_id: Id,
  name: GuildName.describe(`${GUILD_NAME_MIN}–${GUILD_NAME_MAX} characters, unique whatever the case`),
  description: CleanText(GUILD_DESCRIPTION_MAX).optional().describe('a short description'),
  join_policy: JoinPolicy.describe("'open': anyone may join; 'request': an officer or the leader accepts"),
});

export const GuildMember = z.object({
  user_id: z.string(),
  username: z.string(),
  role: GuildRole,
  last_seen: z.number().int().describe('unix seconds: the last request the player made (to the minute)'),
  week_damage: z.number().int().describe('the damage they dealt the guild’s bosses this week'),
});
export const JoinRequest = z.object({
  user_id: z.string(),
  username: z.string(),
  asked_at: z.number().int().describe('unix seconds'),
});

export const BossBrief = z.object({
  level: z.number().int(),
  name: z.string(),
  max_hp: z.number().int(),
  hp: z.number().int(),
});

export const Guild = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  join_policy: JoinPolicy,
  time_zone: z
    .string()
    .describe('the zone its days and weeks are kept in: its maker’s (reset 04:00, weeks on Monday)'),
  created_at: z.number().int().describe('unix seconds'),
  members: z
    .array(GuildMember)
    .describe('leader first, then officers, then members; by this week’s damage within'),
  requests: z
    .array(JoinRequest)
    .optional()
    .describe('those asking to join, oldest first: shown to its leader and officers (user_id of one given)'),
  week_kills: z.number().int().describe('bosses killed this week'),
  boss: BossBrief.describe('this week’s boss as it stands'),
  asked: z
    .boolean()
    .optional()
    .describe('the reader (user_id of one given) has asked to join and awaits an answer'),
});
export type Guild = z.infer<typeof Guild>;

export const GuildQuery = z.object({
  user_id: Id.optional().describe(
    'the reader: a leader or officer is shown the requests; anyone, whether they have asked to join (asked)',
  ),
});
export const GuildParams = z.object({ id: Id });
export const GuildMemberParams = z.object({ id: Id, userId: Id });
export const GuildActorBody = z.object({ user_id: Id });

export const GuildSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  join_policy: JoinPolicy,
  members: z.number().int(),
  week_kills: z.number().int(),
  boss: BossBrief,
  asked: z
    .boolean()
    .optional()
    .describe('the reader (user_id of one given) has asked to join and awaits an answer'),
});
export const GuildsQuery = z.object({
  user_id: Id.optional().describe('the reader: each guild says whether they have asked to join it (asked)'),
  query: CleanText(GUILD_NAME_MAX).optional().describe('names containing this (case-insensitive)'),
  cursor: Cursor.optional().describe('next_cursor of the page before'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const GuildsResponse = z.object({
  guilds: z.array(GuildSummary).describe('by name'),
  next_cursor: z.string().nullable(),
});
export type GuildsResponse = z.infer<typeof GuildsResponse>;

export const GuildRankingResponse = z.object({
  guilds: z
    .array(GuildSummary.extend({ rank: z.number().int() }))
    .describe('the 50 guilds that killed the most bosses this week (each in its own week), most first'),
});
export type GuildRankingResponse = z.infer<typeof GuildRankingResponse>;

export const JoinResponse = z.object({
  status: z.enum(['joined', 'asked']).describe('200 joined (an open guild), 202 asked (one by request)'),
  guild_id: z.string(),
});
export const LeaveResponse = z.object({
  left: z.literal(true),
  closed: z.boolean().describe('the last member left: the guild is closed'),
  can_join_at: z.number().int().describe('unix seconds: when the player may join a guild again'),
});
export const RoleBody = z.object({
  user_id: Id,
  role: GuildRole.describe("'leader' hands leadership over (the old leader becomes an officer, or a member)"),
});

export const GuildMessage = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  text: z.string().describe('plain text, as written'),
  created_at: z.number().int().describe('unix ms'),
});
export const MessagesQuery = z.object({
  user_id: Id,
  cursor: Cursor.optional().describe('next_cursor of the page before: older messages'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const MessagesResponse = z.object({
  messages: z.array(GuildMessage).describe('newest first'),
  next_cursor: z.string().nullable(),
});
export type MessagesResponse = z.infer<typeof MessagesResponse>;
export const MessageBody = z.object({
  user_id: Id,
  text: CleanText(10_000)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `a message is 1–${GUILD_MESSAGE_MAX} characters`)
        .max(GUILD_MESSAGE_MAX, `a message is 1–${GUILD_MESSAGE_MAX} characters`),
    ),
});

export const BossQuery = z.object({
  user_id: Id,
  hero_ids: z
    .string()
    .max(400)
    .optional()
    .describe('1–4 of the player’s hero ids, comma-separated: the answer states that team’s expected damage'),
});
export const BossView = BossBrief.extend({
  week_kills: z.number().int().describe('bosses the guild killed this week (this one is the next)'),
  ends_at: z.number().int().describe('unix seconds: the week ends (Monday 04:00 in the guild’s zone)'),
  day_ends_at: z.number().int().describe('unix seconds: the guild’s day ends and attacks come back'),
  attacks_left: z.number().int().describe('the player’s attacks left today (2 a day)'),
  my_damage: z.number().int().describe('the player’s damage this week'),
  expected_damage: z
    .number()
    .int()
    .optional()
    .describe('the expected damage of the team in hero_ids (simulated, as odds are)'),
  tiers: z
    .array(z.object({ damage: z.number().int(), rewards: Rewards }))
    .describe('what an attack pays: the highest tier its damage reaches'),
  kill_rewards: Rewards.describe('paid once to each member who attacked the boss, when it falls'),
  ranking: z
    .array(z.object({ user_id: z.string(), username: z.string(), damage: z.number().int() }))
    .describe('the guild’s members by their damage this week'),
});
export type BossView = z.infer<typeof BossView>;
export const AttackBody = z.object({ user_id: Id, hero_ids: TeamHeroIds });
export const AttackResponse = z.object({
  battle_id: z.string().describe('the attack’s record (GET /api/battles/{id}/replay plays it)'),
  level: z.number().int().describe('the boss attacked'),
  damage: z.number().int().describe('what the team dealt: the boss’s health fell by exactly this'),
  hp_after: z.number().int(),
  killed: z.boolean().describe('this attack felled the boss (the next, stronger one opens at once)'),
  rewards: Rewards.describe(
    'what the attack paid (by its damage), with the kill reward when it felled the boss',
  ),
  attacks_left: z.number().int(),
  user: User,
});
export type AttackResponse = z.infer<typeof AttackResponse>;
