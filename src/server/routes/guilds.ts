// Guilds: POST/GET /api/guilds, GET /api/guilds/ranking, GET /api/guilds/:id, POST /api/guilds/:id/join | leave,
// POST /api/guilds/:id/requests/:userId/accept | refuse, POST /api/guilds/:id/members/:userId/remove | role,
// GET/POST /api/guilds/:id/messages, GET /api/guilds/:id/boss, POST /api/guilds/:id/boss/attack. The rules live in
// ../guilds/; these only route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  AttackBody,
  AttackResponse,
  BossQuery,
  BossView,
  CreateGuildBody,
  Guild,
  GuildActorBody,
  GuildMemberParams,
  GuildMessage,
  GuildParams,
  GuildQuery,
  GuildRankingResponse,
  GuildsQuery,
  GuildsResponse,
  JoinResponse,
  LeaveResponse,
  MessageBody,
  MessagesQuery,
  MessagesResponse,
  RoleBody,
} from '../../api/guilds.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest } from '../foundation/errors.ts';
import { attackBoss, readBoss } from '../guilds/guild-boss.ts';
import { readMessages, writeMessage } from '../guilds/guild-board.ts';
import {
  answerRequest,
  createGuild,
  guildRanking,
  joinGuild,
  leaveGuild,
  listGuilds,
  readGuild,
  removeMember,
  setRole,
} from '../guilds/guild-store.ts';
import { isValidId } from '../../api/id-rule.ts';

const REFUSALS = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const BODY_PLAYER = { actsFor: ['body.user_id'] as const };

/** hero_ids=a,b,c as ids: each a valid id (a 400 otherwise). */
function heroIdsOf(text: string | undefined): string[] | undefined {
  if (text === undefined || text === '') return undefined;
  const ids = text.split(',');
  if (ids.length > 4 || !ids.every(isValidId))
    throw badRequest('Invalid query field "hero_ids": 1 to 4 hero ids, comma-separated');
  return ids;
}

const guilds: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.post('/api/guilds', {
    schema: {
      operationId: 'createGuild',
      summary: 'Make a guild',
      description:
        'Makes a guild led by the player: a unique name (any case), a description, open to all or by request. Its days ' +
        'and weeks are kept in the player’s time zone. Refused (409) for a name taken, a player in a guild, or one who ' +
        'left a guild within the hour.',
      tags: ['guilds'],
      body: CreateGuildBody,
      response: { 201: Guild, ...REFUSALS },
    },
    handler: async (req, reply) => {
      const id = await createGuild(db, {
        userId: req.body.user_id,
        name: req.body.name,
        description: req.body.description?.trim() ?? '',
        joinPolicy: req.body.join_policy,
      });
      return reply.code(201).send(await readGuild(db, id, req.body.user_id));
    },
  });

  app.get('/api/guilds', {
    // public without user_id; with it, whether that player asked to join each guild (theirs to read)
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'listGuilds',
      summary: 'Find a guild',
      description:
        'Open guilds by name, a page at a time: members, and this week’s boss as it stands; with user_id, whether ' +
        'that player has asked to join each (asked).',
      tags: ['guilds'],
      querystring: GuildsQuery,
      response: { 200: GuildsResponse, 400: ErrorBody },
    },
    handler: async (req) =>
      listGuilds(db, {
        query: req.query.query,
        cursor: req.query.cursor,
        limit: req.query.limit,
        userId: req.query.user_id,
      }),
  });

  app.get('/api/guilds/ranking', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'guildRanking',
      summary: 'Guilds by bosses killed this week',
      description: 'The guilds that felled the most bosses this week (each guild’s own week), most first.',
      tags: ['guilds'],
      response: { 200: GuildRankingResponse },
    },
    handler: async () => guildRanking(db),
  });

  app.get('/api/guilds/:id', {
    schema: {
      operationId: 'getGuild',
      summary: 'Read a guild',
      description:
        'The guild’s page: its members (role, last seen, this week’s damage) and boss; the join requests for its ' +
        'leader or an officer (user_id), and for any reader (user_id) whether they have asked to join (asked). A ' +
        'leader not seen for 72 hours has handed the guild over by then.',
      tags: ['guilds'],
      params: GuildParams,
      querystring: GuildQuery,
      response: { 200: Guild, ...REFUSALS },
    },
    handler: async (req) => readGuild(db, req.params.id, req.query.user_id),
  });

  app.post('/api/guilds/:id/join', {
    config: BODY_PLAYER,
    schema: {
      operationId: 'joinGuild',
      summary: 'Join a guild, or ask to',
      description:
        'Joins an open guild (200) or asks to join one by request (202). Refused (409) for a player in a guild, one ' +
        'who left a guild within the hour, or a full guild.',
      tags: ['guilds'],
      params: GuildParams,
      body: GuildActorBody,
      response: { 200: JoinResponse, 202: JoinResponse, ...REFUSALS },
    },
    handler: async (req, reply) => {
      const status = await joinGuild(db, req.params.id, req.body.user_id);
      return reply.code(status === 'joined' ? 200 : 202).send({ status, guild_id: req.params.id });
    },
  });

  for (const answer of ['accept', 'refuse'] as const)
    app.post(`/api/guilds/:id/requests/:userId/${answer}`, {
      config: BODY_PLAYER,
      schema: {
        operationId: `${answer}GuildRequest`,
        summary: answer === 'accept' ? 'Accept a request to join' : 'Refuse a request to join',
        description: 'For the guild’s leader and officers.',
        tags: ['guilds'],
        params: GuildMemberParams,
        body: GuildActorBody,
        response: { 200: Guild, ...REFUSALS },
      },
      handler: async (req) => {
        await answerRequest(db, {
          guildId: req.params.id,
          actorId: req.body.user_id,
          userId: req.params.userId,
          accept: answer === 'accept',
        });
        return readGuild(db, req.params.id, req.body.user_id);
      },
    });

  app.post('/api/guilds/:id/leave', {
    config: BODY_PLAYER,
    schema: {
      operationId: 'leaveGuild',
      summary: 'Leave the guild',
      description:
        'Leaves the guild; joining another waits an hour. A leader leaving hands the guild to the officer, else the ' +
        'member, seen most recently; the last member out closes it.',
      tags: ['guilds'],
      params: GuildParams,
      body: GuildActorBody,
      response: { 200: LeaveResponse, ...REFUSALS },
    },
    handler: async (req) => {
      const r = await leaveGuild(db, req.params.id, req.body.user_id);
      return { left: true as const, closed: r.closed, can_join_at: r.canJoinAt };
    },
  });

  app.post('/api/guilds/:id/members/:userId/remove', {
    config: BODY_PLAYER,
    schema: {
      operationId: 'removeGuildMember',
      summary: 'Remove a member',
      description: 'The leader removes anyone else; an officer removes members.',
      tags: ['guilds'],
      params: GuildMemberParams,
      body: GuildActorBody,
      response: { 200: Guild, ...REFUSALS },
    },
    handler: async (req) => {
      await removeMember(db, {
        guildId: req.params.id,
        actorId: req.body.user_id,
        userId: req.params.userId,
      });
      return readGuild(db, req.params.id, req.body.user_id);
    },
  });

  app.post('/api/guilds/:id/members/:userId/role', {
    config: BODY_PLAYER,
    schema: {
      operationId: 'setGuildRole',
      summary: 'Name a member’s role',
      description:
        'The leader names a member an officer (at most 3) or a member, or hands leadership over (role leader: the ' +
        'leader before becomes an officer, or a member when 3 are named).',
      tags: ['guilds'],
      params: GuildMemberParams,
      body: RoleBody,
      response: { 200: Guild, ...REFUSALS },
    },
    handler: async (req) => {
      await setRole(db, {
        guildId: req.params.id,
        actorId: req.body.user_id,
        userId: req.params.userId,
        role: req.body.role,
      });
      return readGuild(db, req.params.id, req.body.user_id);
    },
  });

  app.get('/api/guilds/:id/messages', {
    schema: {
      operationId: 'guildMessages',
      summary: 'The guild’s message board',
      description: 'Members only: messages newest first, a page at a time (plain text).',
      tags: ['guilds'],
      params: GuildParams,
      querystring: MessagesQuery,
      response: { 200: MessagesResponse, ...REFUSALS },
    },
    handler: async (req) =>
      readMessages(db, {
        guildId: req.params.id,
        userId: req.query.user_id,
        cursor: req.query.cursor,
        limit: req.query.limit,
      }),
  });

  app.post('/api/guilds/:id/messages', {
    config: BODY_PLAYER,
    schema: {
      operationId: 'writeGuildMessage',
      summary: 'Write on the message board',
      description:
        'Members only: 1–300 characters of plain text, at most 10 a minute a player (429 past them).',
      tags: ['guilds'],
      params: GuildParams,
      body: MessageBody,
      response: { 201: GuildMessage, ...REFUSALS, 429: ErrorBody },
    },
    handler: async (req, reply) => {
      const m = await writeMessage(
        db,
        { guildId: req.params.id, userId: req.body.user_id, text: req.body.text },
        ctx.live.bus,
      );
      return reply.code(201).send(m);
    },
  });

  app.get('/api/guilds/:id/boss', {
    schema: {
      operationId: 'guildBoss',
      summary: 'This week’s guild boss',
      description:
        'Members only: the boss as it stands, the player’s attacks left today and damage this week, the guild’s ' +
        'damage ranking, what attacks and the kill pay, and (hero_ids) a team’s expected damage.',
      tags: ['guilds'],
      params: GuildParams,
      querystring: BossQuery,
      response: { 200: BossView, ...REFUSALS },
    },
    handler: async (req) =>
      readBoss(db, {
        guildId: req.params.id,
        userId: req.query.user_id,
        heroIds: heroIdsOf(req.query.hero_ids),
      }),
  });

  app.post('/api/guilds/:id/boss/attack', {
    config: { ...BODY_PLAYER, idempotent: true },
    schema: {
      operationId: 'attackGuildBoss',
      summary: 'Attack the guild boss',
      description:
        'One of the player’s 2 attacks of the guild’s day, with 1–4 of their heroes: a fight of 20 turns, its ' +
        'damage what the team dealt (the boss’s health falls by exactly that), paid by that damage. The attack that ' +
        'fells the boss opens the next, stronger one; each member who attacked it is paid the kill reward once.',
      tags: ['guilds'],
      params: GuildParams,
      body: AttackBody,
      response: { 200: AttackResponse, ...REFUSALS },
    },
    handler: async (req) =>
      attackBoss(db, { guildId: req.params.id, userId: req.body.user_id, heroIds: req.body.hero_ids }),
  });
};

export default guilds;
