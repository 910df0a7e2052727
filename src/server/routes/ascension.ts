// Ascension and gear: GET /api/heroes/:heroId/ascension, POST /api/heroes/:heroId/ascend, POST
// /api/heroes/:heroId/ascension/reset, POST /api/heroes/:heroId/gear, DELETE /api/heroes/:heroId/gear/:slot. The
// rules live in ../heroes/hero-ascension.ts and ../heroes/worn-gear.ts; these only route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';
import {
  AscendBody,
  AscendResponse,
  AscensionQuery,
  AscensionResponse,
  EquipBody,
  GearResponse,
  HeroPathParams,
  ResetBody,
  ResetResponse,
  UnequipParams,
  UnequipQuery,
} from '../../api/ascension.ts';
import type { RouteOpts } from '../context.ts';
import { ascendHero, ascensionView, resetHero } from '../heroes/hero-ascension.ts';
import { equipGear, unequipGear } from '../heroes/worn-gear.ts';
import { withRating } from '../fights/rating-store.ts';
import { userView } from '../economy/wallet.ts';

const REFUSALS = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const ascension: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  app.get('/api/heroes/:heroId/ascension', {
    config: { actsFor: ['query.user_id', { owner: 'hero', of: 'params.heroId' }] },
    schema: {
      operationId: 'getAscension',
      summary: "Read a hero's next star and its cost",
      description:
        "The hero's next star: its cost (copies, Star Shards, essence), its stats there, the whole table, what a reset refunds.",
      tags: ['ascension'],
      params: HeroPathParams,
      querystring: AscensionQuery,
      response: { 200: AscensionResponse, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => ascensionView(db, req.query.user_id, req.params.heroId),
  });

  app.post('/api/heroes/:heroId/ascend', {
    config: { actsFor: ['body.user_id', { owner: 'hero', of: 'params.heroId' }], idempotent: true },
    schema: {
      operationId: 'ascendHero',
      summary: 'Raise a hero one star',
      description:
        'Raises the hero one star, spending heroes of at least its rarity (or Star Shards in their place) and essence.',
      tags: ['ascension'],
      params: HeroPathParams,
      body: AscendBody,
      response: { 200: AscendResponse, ...REFUSALS },
    },
    handler: async (req) => {
      const { user_id, spend_hero_ids, use_shards } = req.body;
      const r = await ascendHero(db, {
        userId: user_id,
        heroId: req.params.heroId,
        spendHeroIds: spend_hero_ids ?? [],
        useShards: use_shards ?? false,
      });
      return {
        hero: await withRating(db, r.hero),
        user: userView(r.user),
        spent_hero_ids: r.spent,
        shards_spent: r.shards,
        essence_spent: r.essence,
        message: r.message,
      };
    },
  });

  app.post('/api/heroes/:heroId/ascension/reset', {
    config: { actsFor: ['body.user_id', { owner: 'hero', of: 'params.heroId' }], idempotent: true },
    schema: {
      operationId: 'resetAscension',
      summary: 'Reset a hero to its summoned rarity',
      description:
        'Returns the hero to its summoned rarity, refunding every star: the essence, the Star Shards and the spent heroes.',
      tags: ['ascension'],
      params: HeroPathParams,
      body: ResetBody,
      response: { 200: ResetResponse, ...REFUSALS },
    },
    handler: async (req) => {
      const r = await resetHero(db, req.body.user_id, req.params.heroId);
      return {
        hero: await withRating(db, r.hero),
        user: userView(r.user),
        restored_hero_ids: r.restored,
        shards_refunded: r.shards,
        essence_refunded: r.essence,
        message: r.message,
      };
    },
  });

  app.post('/api/heroes/:heroId/gear', {
    config: { actsFor: ['body.user_id', { owner: 'hero', of: 'params.heroId' }] },
    schema: {
      operationId: 'equipGear',
      summary: 'Put a piece of gear on a hero',
      description:
        'Puts a piece of gear from the inventory on the hero (what it wore in that slot goes back).',
      tags: ['gear'],
      params: HeroPathParams,
      body: EquipBody,
      response: { 200: GearResponse, ...REFUSALS },
    },
    handler: async (req) => {
      const r = await equipGear(db, req.body.user_id, req.params.heroId, req.body.item_id);
      return { hero: await withRating(db, r.hero), message: r.message };
    },
  });

  app.delete('/api/heroes/:heroId/gear/:slot', {
    config: { actsFor: ['query.user_id', { owner: 'hero', of: 'params.heroId' }] },
    schema: {
      operationId: 'unequipGear',
      summary: 'Take a piece of gear off a hero',
      description: 'Takes off what the hero wears in a slot; the piece goes back to the inventory.',
      tags: ['gear'],
      params: UnequipParams,
      querystring: UnequipQuery,
      response: { 200: GearResponse, ...REFUSALS },
    },
    handler: async (req) => {
      const r = await unequipGear(db, req.query.user_id, req.params.heroId, req.params.slot);
      return { hero: await withRating(db, r.hero), message: r.message };
    },
  });
};

export default ascension;
