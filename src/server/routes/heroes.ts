// Heroes: generate candidates, save one, list (own, other players' paged, NPCs by dungeon), detail, delete,
// ability reroll, training. The scroll rules live in ../heroes/summoning.ts; heroes in the store in ../heroes/hero-store.ts.
import { cursorCodec } from '../foundation/cursor.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, NotModified } from '../../api/common.ts';
import { SUMMON_COST } from '../../api/rules.ts';
import {
  BrowseQuery,
  BrowseResponse,
  CreateHeroBody,
  CreateHeroResponse,
  DeleteHeroQuery,
  DeleteHeroResponse,
  GenerateBody,
  GenerateResponse,
  PendingQuery,
  PendingResponse,
  HeroesQuery,
  HeroesResponse,
  HeroParams,
  NpcsResponse,
  RerollBody,
  RerollResponse,
  TrainBody,
  TrainResponse,
} from '../../api/heroes.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, MESSAGES, notFound } from '../foundation/errors.ts';
import { RatedContent } from '../content/rated-content.ts';
import { withRating } from '../fights/rating-store.ts';
import { sendJson, sendTagged } from '../http/json-reply.ts';
import { deleteHero, rerollHero, trainHero } from '../heroes/hero-rules.ts';
import { newSeed } from '../foundation/ids.ts';
import { npcsByDungeon } from '../content/npcs.ts';
import {
  pendingPair,
  previewCandidate,
  pruneCandidates,
  saveCandidate,
  summon,
} from '../heroes/summoning.ts';
import { userView } from '../economy/wallet.ts';

/** A browse page's last player: their username key. */
const browseCursor = cursorCodec('text');

const heroes: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  let generated = 0;

  app.post('/api/characters/generate', {
    config: {
      actsFor: ['body.user_id'],
      idempotent: true,
      ...(ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.generate, timeWindow: '1 minute' } } : {}),
    },
    schema: {
      operationId: 'generateCandidates',
      summary: 'Summon a pair of candidates (or preview one)',
      tags: ['heroes'],
      description:
        'With { user_id }: while the player has a pending pair, that pair, free (charged: false) — a double tap, ' +
        `a retry or another device never pays twice; with none pending, a new pair for ${SUMMON_COST} scroll ` +
        '(charged: true), drawn whole and kept pending until one is kept. { user_id, replaces: <pending ' +
        `generation_id> } (Regenerate) pays ${SUMMON_COST} scroll for a new pair in its place; sent again once ` +
        'that pair is replaced, it answers the pending pair free. generation_id names the pair a client pays for ' +
        '(both parallel calls of a press share it). The answer is a candidate in the hero shape — the first of ' +
        'the pair in the call that paid, the second otherwise — with generation_id, charged and candidates (the ' +
        'pair). With no body: a free preview that can never be kept.',
      body: GenerateBody,
      response: { 200: GenerateResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) => {
      if (++generated % 500 === 0)
        void pruneCandidates(db).catch((err) => req.log.warn({ err }, 'prune failed'));
      const userId = req.body?.user_id;
      if (!userId) {
        if (req.body?.generation_id || req.body?.replaces)
          throw badRequest('A generation needs the user_id of the player paying for it');
        return { ...previewCandidate(), generation_id: null, charged: false, candidates: [] };
      }
      reply.header('cache-control', 'no-store');
      const { hero, ...pair } = await summon(db, userId, {
        generationId: req.body?.generation_id,
        replaces: req.body?.replaces,
      });
      return { ...hero, ...pair };
    },
  });

  app.get('/api/characters/pending', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getPendingPair',
      summary: 'Read the pending pair of candidates',
      tags: ['heroes'],
      description:
        'The player’s pending pair: the candidates of their latest paid generation, until one is kept or they ' +
        'generate again (kept at least 7 days). /create shows it after a reload, Cancel or on another device.',
      querystring: PendingQuery,
      response: { 200: PendingResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return pendingPair(db, req.query.user_id);
    },
  });

  app.post('/api/heroes', {
    config: { actsFor: ['body.user_id'] },
    schema: {
      operationId: 'saveHero',
      summary: 'Keep a candidate as the player’s hero',
      tags: ['heroes'],
      description:
        'Saves a generated candidate (by character_data.id) as the player’s hero; everything else in character_data is ignored.',
      body: CreateHeroBody,
      response: { 201: CreateHeroResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req, reply) =>
      reply.code(201).send(await saveCandidate(db, req.body.user_id, req.body.character_data.id)),
  });

  app.get('/api/heroes', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listHeroes',
      summary: 'List a player’s heroes',
      description:
        'Every hero of the player (at most 500), oldest first, with ratings and versions. Sent with an ETag and `cache-control: no-cache`: a request whose If-None-Match names the current list gets a 304 and no body; br or gzip when accepted.',
      tags: ['heroes'],
      querystring: HeroesQuery,
      response: { 200: HeroesResponse, 304: NotModified, 400: ErrorBody },
    },
    // Stored documents are sent as they are (the schema documents the shape); revalidated on every use (no-cache),
    // a 304 for the list the client holds (http/conditional.ts), br or gzip when accepted (http/compression.ts).
    handler: async (req, reply) => {
      return sendTagged(reply, await ctx.heroLists.of(req.query.user_id));
    },
  });

  app.get('/api/heroes/browse/all', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'browsePlayers',
      summary: 'Browse other players’ heroes',
      description:
        'Players in username order, each with up to 12 heroes and their count, `limit` a page; pass `next_cursor` back as `cursor` for the next page (null on the last). `exclude_user_id` leaves out the asking player.',
      tags: ['heroes'],
      querystring: BrowseQuery,
      response: { 200: BrowseResponse, 400: ErrorBody },
    },
    // Remembered as bytes under the key of what the page shows (browse-pages.ts).
    handler: async (req, reply) =>
      sendJson(
        reply,
        await ctx.browsePages.page(
          {
            limit: req.query.limit,
            after: req.query.cursor ? browseCursor.decode(req.query.cursor)[0] : '',
            exclude: req.query.exclude_user_id ?? '',
          },
          (key) => browseCursor.encode([key]),
        ),
      ),
  });

  // NPCs are content, made into JSON once; their ladder ratings are filled in at each answer.
  const npcsJson = new RatedContent(
    NpcsResponse,
    {
      dungeons: ctx.dungeons.map((d) => ({
        dungeon_id: d.id,
        dungeon_name: d.name,
        difficulty: d.difficulty,
        level_recommendation: d.level_recommendation,
        npcs: npcsByDungeon().get(d.id) ?? [],
      })),
    },
    [...npcsByDungeon().values()].flat(),
  );
  app.get('/api/npcs', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'listNpcs',
      summary: 'List the NPC heroes of every dungeon',
      description:
        'Every dungeon with its NPC heroes (content), each with its current arena ladder rating. Sent with an ETag naming the ratings it shows and `cache-control: no-cache`: a request whose If-None-Match names it gets a 304 and no body; br or gzip when accepted.',
      tags: ['heroes'],
      response: { 200: NpcsResponse, 304: NotModified },
    },
    handler: async (_req, reply) => sendTagged(reply, await npcsJson.render(ctx.store)),
  });

  app.get('/api/heroes/:heroId', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getHero',
      summary: 'Read a hero',
      description: 'A stored hero (a player’s or an NPC) with its arena ladder rating and version.',
      tags: ['heroes'],
      params: HeroParams,
      response: { 200: CreateHeroResponse, 404: ErrorBody },
    },
    // The stored document is the answer, with its rating: sent as it is.
    handler: async (req, reply) => {
      const json = await ctx.heroDocs.json(req.params.heroId);
      if (json === undefined) throw notFound(MESSAGES.heroNotFound);
      return sendJson(reply, json);
    },
  });

  app.delete('/api/heroes/:heroId', {
    config: { actsFor: ['query.user_id', { owner: 'hero', of: 'params.heroId' }] },
    schema: {
      operationId: 'deleteHero',
      summary: 'Dismiss a hero',
      description:
        'Deletes the player’s hero (`user_id` must own it) and its arena ladder rating; its gear goes back to the ' +
        'inventory, it leaves Star Shards for its summoned rarity, and an ascended hero first gives back what its ' +
        'stars cost, as a reset does.',
      tags: ['heroes'],
      params: HeroParams,
      querystring: DeleteHeroQuery,
      response: { 200: DeleteHeroResponse, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => {
      const { heroId } = req.params;
      const { user_id } = req.query;
      const { shards, essence, restored } = await deleteHero(db, user_id, heroId);
      return {
        deleted: true as const,
        id: heroId,
        shards,
        essence_refunded: essence,
        restored_hero_ids: restored,
      };
    },
  });

  app.post('/api/heroes/:heroId/reroll-abilities', {
    config: { actsFor: ['body.user_id', { owner: 'hero', of: 'params.heroId' }], idempotent: true },
    schema: {
      operationId: 'rerollAbilities',
      summary: 'Reroll a hero’s abilities',
      tags: ['heroes'],
      params: HeroParams,
      body: RerollBody,
      response: { 200: RerollResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      const { user_id } = req.body;
      const { heroId } = req.params;
      const { user, hero } = await rerollHero(db, user_id, heroId, newSeed());
      return { ...(await withRating(db, hero)), user: userView(user) };
    },
  });

  app.post('/api/heroes/:heroId/train', {
    config: { actsFor: ['body.user_id', { owner: 'hero', of: 'params.heroId' }], idempotent: true },
    schema: {
      operationId: 'trainHero',
      summary: 'Train a hero one level for gold',
      tags: ['heroes'],
      params: HeroParams,
      body: TrainBody,
      response: { 200: TrainResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      const { user, hero, cost } = await trainHero(db, req.body.user_id, req.params.heroId);
      return { ...(await withRating(db, hero)), user: userView(user), cost };
    },
  });
};

export default heroes;
