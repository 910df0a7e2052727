// Heroes: generate candidates, save one, list (own, other players' paged, NPCs by dungeon), detail, delete,
// ability reroll. The scroll rules live in ../summoning.ts; heroes in the store in ../hero-store.ts.
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ID_MAX_LENGTH, isCleanText } from '../../api/common.ts';
import {
  BrowseQuery,
  BrowseResponse,
  CreateHeroBody,
  CreateHeroResponse,
  DeleteHeroQuery,
  DeleteHeroResponse,
  GenerateBody,
  GenerateResponse,
  HeroesQuery,
  HeroesResponse,
  HeroParams,
  NotModified,
  NpcsResponse,
  REROLL_COST,
  RerollBody,
  RerollResponse,
  type PlayerHeroes,
} from '../../api/heroes.ts';
import { rerollAbilities } from '../../game/index.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../errors.ts';
import { findHero, ownHero, saveHero } from '../hero-store.ts';
import { matchesEtag, type Encoding } from '../hero-lists.ts';
import { newSeed } from '../ids.ts';
import { npcsByDungeon } from '../npcs.ts';
import { heroFromRow } from '../store/hero-rows.ts';
import { generateCandidate, pruneCandidates, saveCandidate } from '../summoning.ts';
import { findUser, spend, userView } from '../wallet.ts';

/** What the hero list can be sent as, best first. */
const ENCODINGS = ['br', 'gzip', 'identity'];

/** Heroes shown per player in one page of browse/all. */
export const BROWSE_HEROES_PER_PLAYER = 12;

const encodeCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
/** The username key a cursor names; a cursor this server did not give (a NUL inside, say) is a 400. */
function decodeCursor(c: string): string {
  const key = Buffer.from(c, 'base64url').toString('utf8');
  if (key.length > ID_MAX_LENGTH || !isCleanText(key))
    throw badRequest('Invalid query field "cursor": not a cursor this server gave');
  return key;
}

const heroes: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;
  let generated = 0;

  app.post('/api/characters/generate', {
    config: ctx.rateLimits ? { rateLimit: { max: ctx.rateLimits.generate, timeWindow: '1 minute' } } : {},
    schema: {
      tags: ['heroes'],
      description:
        'A candidate hero. With { user_id, generation_id } the pair of calls sharing generation_id costs 1 scroll (a third call: 409). ' +
        'With { user_id } alone each call costs 1 scroll. With no body the candidate is free and costs 1 scroll when saved.',
      body: GenerateBody,
      response: { 200: GenerateResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      if (++generated % 500 === 0)
        void pruneCandidates(db).catch((err) => req.log.warn({ err }, 'prune failed'));
      const { hero } = await generateCandidate(db, {
        userId: req.body?.user_id,
        generationId: req.body?.generation_id,
      });
      return hero;
    },
  });

  app.post('/api/heroes', {
    schema: {
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
    schema: {
      tags: ['heroes'],
      querystring: HeroesQuery,
      response: { 200: HeroesResponse, 304: NotModified, 400: ErrorBody },
    },
    // Stored documents are sent as they are: the schema above documents the shape, nothing re-serializes it.
    // The list is revalidated on every use (no-cache) and a client holding the current one gets a 304.
    handler: async (req, reply) => {
      const list = await ctx.heroLists.of(req.query.user_id);
      reply.header('cache-control', 'no-cache').header('etag', list.etag).header('vary', 'accept-encoding');
      if (matchesEtag(req.headers['if-none-match'], list.etag)) return reply.code(304).send(null);
      const accepted = req.headers['accept-encoding'];
      const wanted = accepted ? (negotiate(accepted, ENCODINGS) as Encoding | 'identity' | null) : null;
      const { bytes, encoding } = await list.body(wanted === 'identity' || !wanted ? undefined : wanted);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(bytes as never);
    },
  });

  app.get('/api/heroes/browse/all', {
    schema: { tags: ['heroes'], querystring: BrowseQuery, response: { 200: BrowseResponse, 400: ErrorBody } },
    handler: async (req) => {
      const { limit, cursor, exclude_user_id } = req.query;
      // Walks the partial index of players who have heroes (users_with_heroes): bounded by the page size.
      let q = db
        .selectFrom('users')
        .select(['id', 'username', 'username_key', 'hero_count'])
        .where('hero_count', '>', 0)
        .orderBy('username_key')
        .limit(limit + 1);
      if (cursor) q = q.where('username_key', '>', decodeCursor(cursor));
      if (exclude_user_id) q = q.where('id', '!=', exclude_user_id);
      const rows = await q.execute();
      const page = rows.slice(0, limit);
      const ids = page.map((r) => r.id);
      const players: PlayerHeroes[] = page.map((r) => ({
        user_id: r.id,
        username: r.username,
        hero_count: r.hero_count,
        heroes: [],
      }));
      if (ids.length > 0) {
        const byId = new Map(players.map((p) => [p.user_id, p]));
        const ranked = db
          .selectFrom('heroes')
          .selectAll()
          .select((eb) =>
            eb.fn
              .agg<number>('row_number')
              .over((o) => o.partitionBy('user_id').orderBy('created_at').orderBy('id'))
              .as('rn'),
          )
          .where('user_id', 'in', ids)
          .as('ranked');
        const heroRows = await db
          .selectFrom(ranked)
          .selectAll()
          .where('rn', '<=', BROWSE_HEROES_PER_PLAYER)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        for (const r of heroRows) byId.get(r.user_id!)!.heroes.push(heroFromRow(r));
      }
      const next = rows.length > limit ? encodeCursor(page[page.length - 1].username_key) : null;
      return { players, next_cursor: next };
    },
  });

  app.get('/api/npcs', {
    schema: { tags: ['heroes'], response: { 200: NpcsResponse } },
    handler: async () => {
      const npcs = await npcsByDungeon(ctx);
      return {
        dungeons: ctx.dungeons.map((d) => ({
          dungeon_id: d.id,
          dungeon_name: d.name,
          difficulty: d.difficulty,
          level_recommendation: d.level_recommendation,
          npcs: npcs.get(d.id) ?? [],
        })),
      };
    },
  });

  app.get('/api/heroes/:heroId', {
    schema: { tags: ['heroes'], params: HeroParams, response: { 200: CreateHeroResponse, 404: ErrorBody } },
    handler: async (req) => {
      const h = await findHero(db, req.params.heroId);
      if (!h) throw notFound(MESSAGES.heroNotFound);
      return h.hero;
    },
  });

  app.delete('/api/heroes/:heroId', {
    schema: {
      tags: ['heroes'],
      params: HeroParams,
      querystring: DeleteHeroQuery,
      response: { 200: DeleteHeroResponse, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => {
      const { heroId } = req.params;
      const h = await findHero(db, heroId);
      if (!h) throw notFound(MESSAGES.heroNotFound);
      if (h.hero.user_id !== req.query.user_id) throw forbidden(MESSAGES.notYourHero);
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .deleteFrom('heroes')
          .where('id', '=', heroId)
          .where('user_id', '=', req.query.user_id)
          .executeTakeFirst();
        if (Number(r.numDeletedRows) !== 1) throw notFound(MESSAGES.heroNotFound);
        await trx
          .updateTable('users')
          .set((eb) => ({ hero_count: eb('hero_count', '-', 1) }))
          .where('id', '=', req.query.user_id)
          .execute();
      });
      return { deleted: true as const, id: heroId };
    },
  });

  app.post('/api/heroes/:heroId/reroll-abilities', {
    schema: {
      tags: ['heroes'],
      params: HeroParams,
      body: RerollBody,
      response: { 200: RerollResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      const { user_id } = req.body;
      const h = await ownHero(db, req.params.heroId, user_id);
      const rerolled = rerollAbilities(h.hero, newSeed());
      const user = await db.transaction().execute(async (trx) => {
        const paid = await spend(trx, user_id, 'magic_essence', REROLL_COST);
        if (!paid) {
          if (!(await findUser(trx, user_id))) throw notFound(MESSAGES.userNotFound);
          throw badRequest(MESSAGES.insufficientEssence);
        }
        if (!(await saveHero(trx, rerolled, h.version, user_id)))
          throw conflict('The hero changed meanwhile: try again');
        return paid;
      });
      return { ...rerolled, user: userView(user) };
    },
  });
};

export default heroes;
