// Team battles. POST /api/battles: mode 'turn_based' (default) starts a battle the player steers option by
// option (state stored as JSON, polled with GET, acted on with POST …/action, Auto hands the allies to the AI);
// mode 'auto' resolves it at once like the arena (fights.ts). Turn-based battles idle for 24 h expire. Storing,
// moving on and paying a turn-based battle are the rules of ../battles/turn-battle-store.ts. A player has one turn-based battle
// at a time: starting another ends the active one as lost, with no rewards (else a player could open battles until
// the foes they like come up), enforced by a unique index too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, FIGHT_REFUSALS, type CampaignFight } from '../../api/common.ts';
import {
  ActionBody,
  ActionResponse,
  ActiveBattleQuery,
  ActiveBattleResponse,
  BattleHistoryParams,
  BattleHistoryQuery,
  BattleHistoryResponse,
  BattleParams,
  BattleReplay,
  ReplayQuery,
  CreateBattleBody,
  CreateBattleResponse,
  GetBattleResponse,
  type BattleEvent,
  type BattleState as BattleStateView,
} from '../../api/battles.ts';
import { ENGINE_VERSION, chooseOption, setAuto, startBattle, viewBattle } from '../../game/index.ts';
import type { LevelUp, Rewards } from '../../game/types.ts';
import type { RouteOpts } from '../context.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { fightNow, fightRoute, simulated } from '../battles/fights.ts';
import { ownTeam } from '../heroes/hero-store.ts';
import { newId, newSeed } from '../foundation/ids.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { drawNextEncounter, nextEncounter } from '../battles/random-foes.ts';
import { randomPlan } from '../battles/fight-plans.ts';
import { idleBefore, isIdle } from '../battles/battle-expiry.ts';
import { moveBattle, openBattle, readStoredBattle, type StoredBattle } from '../battles/turn-battle-store.ts';
import { historyOf, replayOf } from '../battles/battle-replays.ts';
import { resultOf } from '../store/battle-record.ts';
import { recordDaily } from '../economy/daily-progress.ts';
import { economyTransaction } from '../economy/transaction.ts';
import type { Db } from '../economy/wallet.ts';

export const ABANDONED_TEXT = 'Abandoned when another battle was started: counted as a loss.';

/** A turn-based battle as the player sees it (a dungeon floor's says which, and, once over, if it cleared the dungeon). */
export function stateView(
  id: string,
  stored: StoredBattle,
  extra: {
    location: string;
    newEvents: BattleEvent[];
    rewards: Rewards | null;
    levelUps: LevelUp[];
    /** the row's status, when it ended without the engine (abandoned for another battle) */
    rowStatus?: string;
    clearBonus?: boolean;
    /** a campaign stage's battle: the stage, and once won what its first clear paid */
    campaign?: CampaignFight;
  },
): BattleStateView {
  const view = viewBattle(stored.engine);
  if (view.status === 'active' && extra.rowStatus === 'lost') {
    view.status = 'lost';
    view.pending_options = [];
    view.current_actor_id = null;
    view.events = [...view.events, { turn: view.turn, kind: 'end', description: ABANDONED_TEXT }];
  }
  return {
    ...view,
    battle_id: id,
    kind: 'turn_based',
    new_events: extra.newEvents,
    location: extra.location,
    rewards: extra.rewards,
    level_ups: extra.levelUps,
    ...(stored.dungeon && {
      dungeon: {
        run_id: stored.dungeon.run_id,
        dungeon_id: stored.dungeon.dungeon_id,
        floor: stored.dungeon.floor,
        floors: stored.dungeon.floors,
        boss_floor: stored.dungeon.boss_floor,
      },
      ...(extra.clearBonus !== undefined && { clear_bonus: extra.clearBonus }),
    }),
    ...(extra.campaign && { campaign: extra.campaign }),
  };
}

const battles: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  const { db } = ctx.store;

  /** Whether a finished dungeon floor's battle cleared its dungeon: a won boss floor of a run now cleared. */
  const cleared = async (stored: StoredBattle, status: string) => {
    const d = stored.dungeon!;
    if (!d.boss_floor || status !== 'won') return false;
    const run = await db
      .selectFrom('dungeon_runs')
      .select('status')
      .where('id', '=', d.run_id)
      .executeTakeFirst();
    return run?.status === 'cleared';
  };

  async function loadBattle(id: string) {
    const row = await db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status === 'expired') throw notFound(MESSAGES.battleNotFound);
    if (isIdle(row)) throw notFound(MESSAGES.battleNotFound);
    return row;
  }

  app.post('/api/battles', {
    config: { actsFor: ['body.user_id'] },
    ...fightRoute(ctx),
    schema: {
      operationId: 'startBattle',
      summary: 'Fight a random battle (quick or turn-based)',
      tags: ['battles'],
      description:
        "mode 'turn_based' (default) answers the battle state; mode 'auto' answers the result at once.",
      body: CreateBattleBody,
      response: {
        200: CreateBattleResponse,
        201: CreateBattleResponse,
        ...FIGHT_REFUSALS,
      },
    },
    handler: async (req, reply) => {
      const { user_id, team_hero_ids, mode } = req.body;
      const team = (await ownTeam(db, team_hero_ids, user_id)).map((s) => s.hero);
      // The enemies shown before the fight (GET /api/odds): the player's stored next encounter.
      const band = await nextEncounter(db, user_id);
      const plan = randomPlan(team, band);
      const { enemies, location } = plan;
      if (mode === 'auto') {
        const result = await fightNow(ctx, {
          ...plan,
          userId: user_id,
          guard: (trx) => drawNextEncounter(trx, user_id, band),
        });
        return reply.code(201).send({ ...result, kind: 'auto' as const });
      }
      const battleId = newId('b');
      const odds = await simulated(() => ctx.odds.estimate(team, enemies));
      const started = startBattle(newSeed(), team, enemies, {
        battleId,
        enemyAi: 'normal',
        allyAi: 'normal',
        auto: false,
      });
      const stored: StoredBattle = {
        engine: started.state,
        enemyLevel: plan.rewards.enemyLevel,
        probability: odds.probability,
        teams: { allies: team, enemies },
        engine_version: ENGINE_VERSION,
      };
      const view = stateView(battleId, stored, {
        location,
        newEvents: started.events,
        rewards: null,
        levelUps: [],
      });
      const { ended, payout } = await openBattle(db, {
        battleId,
        userId: user_id,
        teamIds: team.map((h) => h.id),
        location,
        stored,
        band,
      });
      if (payout.rewards) Object.assign(view, payout);
      return reply.code(201).send({ ...view, ended_battle: ended });
    },
  });

  app.get('/api/battles/active', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getActiveBattle',
      summary: 'Read the player’s turn-based battle in progress',
      tags: ['battles'],
      description: "The player's turn-based battle still being fought, or null.",
      querystring: ActiveBattleQuery,
      response: { 200: ActiveBattleResponse, 400: ErrorBody },
    },
    handler: async (req) => {
      const row = await db
        .selectFrom('battles')
        .select(['id', 'location', 'state', 'created_at'])
        .where('user_id', '=', req.query.user_id)
        .where('kind', '=', 'turn_based')
        .where('status', '=', 'active')
        .where('updated_at', '>=', idleBefore())
        .executeTakeFirst();
      if (!row) return { battle: null };
      const stored = JSON.parse(row.state!) as StoredBattle;
      return {
        battle: {
          battle_id: row.id,
          location: row.location,
          turn: viewBattle(stored.engine).turn,
          started_at: Number(row.created_at),
        },
      };
    },
  });

  // Public, like a hero's page: a battle id is unguessable. A finished fight of any kind, as it can be watched again.
  app.get('/api/battles/:battleId/replay', {
    config: { actsFor: ['query.user_id'] },
    schema: {
      operationId: 'getReplay',
      summary: 'Watch a finished fight again',
      tags: ['battles'],
      description:
        'A finished fight as it can be watched again: the teams as they began, the facts in order with their sentences, the result. 404 for an unknown id (or a fight recorded before replays), 409 while a turn-based battle is still on. `user_id` names the player watching: it counts toward their daily quest (an unknown player counts nothing).',
      params: BattleParams,
      querystring: ReplayQuery,
      response: { 200: BattleReplay, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => {
      const record = replayOf(await loadBattle(req.params.battleId));
      // Opened by its link: kept past the per-player bound for a while (sweep.ts). At most one write a day.
      const opened = (trx: Db) => {
        const now = nowSeconds();
        return trx
          .updateTable('battles')
          .set({ replay_opened_at: now })
          .where('id', '=', record.battle_id)
          .where((eb) =>
            eb.or([eb('replay_opened_at', 'is', null), eb('replay_opened_at', '<', now - 24 * 3600)]),
          )
          .execute();
      };
      const viewer = req.query.user_id;
      // A player watching: the opening and their daily quest's count in one transaction (their row first).
      if (viewer)
        await economyTransaction(db, { userId: viewer }, async (trx) => {
          await opened(trx);
          await recordDaily(trx, viewer, ['watch_replay']);
        });
      else await opened(db);
      return record;
    },
  });

  app.get('/api/users/:id/battles', {
    config: { actsFor: ['params.id'] },
    schema: {
      operationId: 'listBattles',
      summary: 'List a player’s finished fights',
      tags: ['battles'],
      description:
        "A player's finished fights, newest first, paged: each opens its replay (GET /api/battles/{id}/replay).",
      params: BattleHistoryParams,
      querystring: BattleHistoryQuery,
      response: { 200: BattleHistoryResponse, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => historyOf(db, req.params.id, req.query.limit, req.query.cursor),
  });

  app.get('/api/battles/:battleId', {
    config: { actsFor: [{ owner: 'battle', of: 'params.battleId' }] },
    schema: {
      operationId: 'getBattle',
      summary: 'Read a battle',
      description:
        'A turn-based battle as it stands (its state, options and events so far), or an auto fight’s result (`kind: auto`).',
      tags: ['battles'],
      params: BattleParams,
      response: { 200: GetBattleResponse, 404: ErrorBody },
    },
    handler: async (req) => {
      const row = await loadBattle(req.params.battleId);
      if (row.kind !== 'turn_based') return { ...resultOf(row), kind: 'auto' as const };
      const stored = readStoredBattle(row.state!);
      return stateView(row.id, stored, {
        location: row.location,
        newEvents: [],
        rewards: row.rewards ? JSON.parse(row.rewards) : null,
        levelUps: row.level_ups ? JSON.parse(row.level_ups) : [],
        rowStatus: row.status,
        clearBonus: stored.dungeon && row.status !== 'active' ? await cleared(stored, row.status) : undefined,
      });
    },
  });

  // Handing a battle to Auto plays it to the end here: that counts as a fight. A chosen option does not.
  const countFight = ctx.countFight;
  app.post('/api/battles/:battleId/action', {
    config: { actsFor: ['body.user_id', { owner: 'battle', of: 'params.battleId' }] },
    ...(countFight && {
      preHandler: async (req: { body: { auto?: boolean } } & Parameters<typeof countFight>[0]) => {
        if (req.body.auto === true) await countFight(req);
      },
    }),
    schema: {
      operationId: 'actInBattle',
      summary: 'Act in a turn-based battle',
      tags: ['battles'],
      description:
        'Choose one of pending_options (option_id), aimed at one of its targets (target_id) or at its preselected one, or switch the ally AI on or off (auto).',
      params: BattleParams,
      body: ActionBody,
      response: {
        200: ActionResponse,
        400: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
      },
    },
    handler: async (req) => {
      const { option_id, target_id, auto, user_id } = req.body;
      const row = await loadBattle(req.params.battleId);
      if (user_id !== undefined && user_id !== row.user_id)
        throw forbidden('That battle belongs to another player');
      if (row.kind !== 'turn_based')
        throw conflict('This battle was resolved at once: there is nothing to choose');
      if (row.status !== 'active') throw conflict('This battle is already over');
      if (option_id === undefined && auto === undefined) throw badRequest('Choose an option');
      const stored = readStoredBattle(row.state!);
      let engine = stored.engine;
      const events: BattleEvent[] = [];
      if (auto !== undefined) {
        const r = setAuto(engine, auto);
        engine = r.state;
        events.push(...r.events);
      }
      if (option_id !== undefined && viewBattle(engine).status === 'active') {
        const r = chooseOption(engine, option_id, target_id);
        if (!r.ok) throw badRequest(r.error);
        engine = r.state;
        events.push(...r.events);
      }
      const next: StoredBattle = { ...stored, engine };
      const paid = await moveBattle(db, row, next);
      return stateView(row.id, next, {
        location: row.location,
        newEvents: events,
        rewards: paid.rewards,
        levelUps: paid.level_ups,
        clearBonus: paid.clear_bonus,
        campaign: paid.campaign,
      });
    },
  });
};

export default battles;
