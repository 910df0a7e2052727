// The campaign's and idle income's rules over the store: a player's progress (stages cleared in order,
// idle income's start and team: campaign_progress), whether a stage may be fought now (the stages before it
// cleared: power, not the clock, sets the pace), a won stage recorded — its first clear paid once, behind
// a (player, 'first_clear', stage) claim row inserted before the credit —, the campaign's view, and idle income read
// and claimed once (a (player, 'idle', since) claim row, the player's row locked first: 50 concurrent claims credit
// once). The rules themselves (foes, power, rates) are src/game/campaign.ts; routes/campaign.ts routes.
import type { Kysely } from 'kysely';
import type { CampaignFight, StageReward } from '../../api/common.ts';
import { TEAM_MAX } from '../../api/rules.ts';
import type { CampaignResponse, IdleClaimResponse, IdleView } from '../../api/campaign.ts';
import {
  CHAPTERS,
  IDLE_CAP_HOURS,
  IDLE_CAP_S,
  idleAccrued,
  idleRate,
  own,
  stageIndex,
  stageStatus,
  STAGES,
  heroPower,
  type StageDef,
  type Unlock,
} from '../../game/index.ts';
import { DUNGEONS } from '../../game/data/dungeons.ts';
import { scenePath } from '../../game/art/paths.ts';
import { payRewards } from './reward-payment.ts';
import { dropStageGear } from '../heroes/worn-gear.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import type { Database } from '../store/tables.ts';
import type { Store } from '../store/db.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { claimOnce } from '../economy/claims.ts';
import { recordOpens } from '../economy/quest-progress.ts';
import { credit, findUser, readUser, userView, type Db, type Trx } from '../economy/wallet.ts';

const STAGES_BY_ID_OWN = new Map(STAGES.map((s) => [s.id, s]));

/** The stage named `id` (own entries only), or a 404. */
export function stageById(id: string): StageDef {
  const stage = STAGES_BY_ID_OWN.get(id);
  if (!stage) throw notFound('Stage not found');
  return stage;
}

/** Where a player stands in the campaign: stages cleared, idle income's start and team. */
export interface Progress {
  cleared: number;
  idleSince: number | null;
  idleTeam: string[];
}

async function progressOf(db: Db, userId: string): Promise<Progress> {
  const row = await db
    .selectFrom('campaign_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    cleared: Number(row?.cleared ?? 0),
    idleSince: row?.idle_since === null || row?.idle_since === undefined ? null : Number(row.idle_since),
    idleTeam: row?.idle_team ? (JSON.parse(row.idle_team) as string[]) : [],
  };
}

/**
 * Refuses a stage the player may not fight now (409, saying why): one whose stage before is not cleared. Read again
 * inside the fight's transaction (a guard), so the check and the fight agree.
 */
export async function checkStageOpen(
  store: Store,
  userId: string,
  stage: StageDef,
  request?: object,
): Promise<void> {
  // the player as the request read them already (its player guard), not read again
  const user = await readUser(store, userId, request);
  if (!user) throw notFound(MESSAGES.userNotFound);
  stageOpen(await progressOf(store.db, userId), stage);
}

/**
 * The check again inside the fight's economy transaction, which holds the player's row (so not read again): the
 * progress it read, for the fight's end to start from (recordStageWin, stageUnchanged) — read once a transaction.
 */
export async function stageOpenIn(trx: Trx, userId: string, stage: StageDef): Promise<Progress> {
  return stageOpen(await progressOf(trx, userId), stage);
}

function stageOpen(progress: Progress, stage: StageDef): Progress {
  if (stageIndex(stage) > progress.cleared)
    throw conflict(`Stage ${stage.id} is locked: clear stage ${STAGES[progress.cleared].id} first`);
  return progress;
}

const fullReward = (r: StageDef['firstClear']): StageReward => ({
  gold: r.gold ?? 0,
  magic_essence: r.magic_essence ?? 0,
  summoning_scrolls: r.summoning_scrolls ?? 0,
  combat_tokens: r.combat_tokens ?? 0,
});

/**
 * A stage won, inside the fight's transaction (the player's row locked first): the player's progress moves on if it
 * was their next stage, idle income starts on the first clear of all, the winning team becomes the idle team, and
 * the first clear pays once — its claim row first, then the credit (ledger: campaign_first_clear, ref the stage) —, and
 * the win may drop a piece of gear (its first clear's sure piece, or a chance drawn from `battleId`: once a battle).
 */
export async function recordStageWin(
  trx: Trx,
  userId: string,
  stage: StageDef,
  teamIds: string[],
  battleId: string,
  known?: Progress,
): Promise<CampaignFight> {
  const now = nowSeconds();
  const before = known ?? (await progressOf(trx, userId));
  const k = stageIndex(stage);
  const cleared = k === before.cleared ? k + 1 : before.cleared;
  await trx
    .insertInto('campaign_progress')
    .values({
      user_id: userId,
      cleared,
      idle_since: before.idleSince ?? now,
      idle_team: JSON.stringify(teamIds),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        cleared,
        idle_since: before.idleSince ?? now,
        idle_team: JSON.stringify(teamIds),
        updated_at: now,
      }),
    )
    .execute();
  const reward = fullReward(stage.firstClear);
  const first = await claimOnce(trx, {
    userId,
    kind: 'campaign',
    claim: 'first_clear',
    period: stage.id,
    reward,
  });
  if (first) await credit(trx, userId, reward, { reason: 'campaign_first_clear', ref: stage.id });
  // What it opens (the arena, a dungeon) enters the daily quests' draw from the next day.
  if (first) await recordOpens(trx, userId, stage.unlocks);
  const gear_drop = await dropStageGear(trx, userId, stage, first, battleId);
  return { stage_id: stage.id, first_clear: first ? reward : null, cleared, gear_drop };
}

/** What a win of `stage` would add as its first clear: its reward, or null once it was paid. */
export async function firstClearDue(db: Db, userId: string, stage: StageDef): Promise<StageReward | null> {
  const paid = await db
    .selectFrom('claims')
    .select('period')
    .where('user_id', '=', userId)
    .where('kind', '=', 'campaign')
    .where('claim', '=', 'first_clear')
    .where('period', '=', stage.id)
    .executeTakeFirst();
  return paid ? null : fullReward(stage.firstClear);
}

/** A fight that did not win the stage: nothing moves; what the player has cleared (`known`: as just read). */
export async function stageUnchanged(
  db: Db,
  userId: string,
  stage: StageDef,
  known?: Progress,
): Promise<CampaignFight> {
  return {
    stage_id: stage.id,
    first_clear: null,
    cleared: (known ?? (await progressOf(db, userId))).cleared,
    gear_drop: null,
  };
}

function idleOf(p: Progress, now: number): IdleView {
  const rate = idleRate(p.cleared);
  return {
    accrued: p.idleSince === null ? idleAccrued(rate, 0) : idleAccrued(rate, now - p.idleSince),
    rate,
    since: p.idleSince,
    full_at: p.idleSince === null ? null : p.idleSince + IDLE_CAP_S,
    cap_hours: IDLE_CAP_HOURS,
    now,
    team_hero_ids: p.idleTeam,
  };
}

/** GET /api/idle. */
export async function idleView(db: Db, userId: string): Promise<IdleView> {
  if (!(await findUser(db, userId))) throw notFound(MESSAGES.userNotFound);
  return idleOf(await progressOf(db, userId), nowSeconds());
}

// (an unlock is the arena or a dungeon: only a dungeon's names which)
const unlockView = (u: Unlock) =>
  'id' in u
    ? { kind: 'dungeon' as const, id: u.id, name: own(DUNGEON_NAMES, u.id) ?? u.id }
    : { kind: 'arena' as const, id: null, name: 'The Arena' };
const DUNGEON_NAMES: Record<string, string> = Object.fromEntries(DUNGEONS.map((d) => [d.id, d.name]));

/** The player's four strongest heroes' power, in the gear they wear (of their 200 highest-levelled). */
export async function strongestTeam(db: Db, userId: string): Promise<{ power: number; ids: string[] }> {
  const [rows, worn] = await Promise.all([
    db
      .selectFrom('heroes')
      .select(['id', 'max_hp', 'atk', 'def', 'spd'])
      .where('user_id', '=', userId)
      .orderBy('level', 'desc')
      .limit(200)
      .execute(),
    db.selectFrom('hero_gear').select(['hero_id', 'item_id']).where('user_id', '=', userId).execute(),
  ]);
  const gearOf = new Map<string, { item_id: string }[]>();
  for (const w of worn) gearOf.set(w.hero_id, [...(gearOf.get(w.hero_id) ?? []), { item_id: w.item_id }]);
  const best = rows
    .map((r) => ({
      id: r.id,
      power: heroPower({
        max_hp: Number(r.max_hp),
        atk: Number(r.atk),
        def: Number(r.def),
        spd: Number(r.spd),
        gear: gearOf.get(r.id),
      }),
    }))
    .sort((a, b) => b.power - a.power || a.id.localeCompare(b.id))
    .slice(0, TEAM_MAX);
  return { power: best.reduce((sum, h) => sum + h.power, 0), ids: best.map((h) => h.id) };
}

/** GET /api/campaign: every chapter and stage as this player stands, what stages open, idle income. */
export async function campaignView(db: Kysely<Database>, userId: string): Promise<CampaignResponse> {
  const user = await findUser(db, userId);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const now = nowSeconds();
  const [progress, claims, strongest] = await Promise.all([
    progressOf(db, userId),
    db
      .selectFrom('claims')
      .select('period')
      .where('user_id', '=', userId)
      .where('kind', '=', 'campaign')
      .where('claim', '=', 'first_clear')
      .execute(),
    strongestTeam(db, userId),
  ]);
  const paid = new Set(claims.map((c) => c.period));
  const chapters = CHAPTERS.map((c) => ({
    id: c.id,
    name: c.name,
    story: c.story,
    scene_url: scenePath(c.scene),
    stages: STAGES.filter((s) => s.chapter === c.id).map((s) => {
      return {
        id: s.id,
        chapter: s.chapter,
        index: s.index,
        name: s.name,
        story: s.story,
        scene_url: scenePath(s.scene),
        status: stageStatus(s, progress.cleared),
        recommended_power: s.recommendedPower,
        enemies: s.foes.map((f) => ({ level: f.level, rarity: f.rarity, training: f.training ?? 0 })),
        first_clear: fullReward(s.firstClear),
        first_clear_paid: paid.has(s.id),
        unlocks: s.unlocks.map(unlockView),
      };
    }),
  }));
  return {
    chapters,
    cleared: progress.cleared,
    next_stage_id: STAGES[progress.cleared]?.id ?? null,
    team_power: strongest.power,
    strongest_team: strongest.ids,
    unlocks: STAGES.flatMap((s) =>
      s.unlocks.map((u) => ({
        ...unlockView(u),
        stage_id: s.id,
        unlocked: stageIndex(s) < progress.cleared,
      })),
    ),
    idle: idleOf(progress, now),
  };
}

/**
 * POST /api/idle/claim: pays what has accrued, once — the player's row locked first (so claims take turns), then the
 * claim row for the instant it accrued from (its key refuses a second claim of it, whatever raced it), then the
 * accrual restarts now and the credit is entered (ledger: idle_income), xp to each hero of the idle team still theirs.
 */
export async function claimIdle(db: Kysely<Database>, userId: string): Promise<IdleClaimResponse> {
  const team = (await progressOf(db, userId)).idleTeam;
  return economyTransaction(db, { userId, heroIds: team }, async (trx, { user }) => {
    if (!user) throw notFound(MESSAGES.userNotFound);
    const p = await progressOf(trx, userId);
    if (p.idleSince === null) throw conflict('Nothing to claim yet: clear a campaign stage first');
    const now = nowSeconds();
    const accrued = idleAccrued(idleRate(p.cleared), now - p.idleSince);
    if (accrued.gold === 0 && accrued.xp_per_hero === 0 && accrued.magic_essence === 0)
      throw conflict('Nothing has accrued since your last claim: come back later');
    const claimed = await claimOnce(trx, {
      userId,
      kind: 'campaign',
      claim: 'idle',
      period: String(p.idleSince),
      reward: accrued,
    });
    if (!claimed) throw conflict('Already claimed: this idle income was paid once');
    await trx
      .updateTable('campaign_progress')
      .set({ idle_since: now, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    // The team locked is the one read before the transaction: xp goes only to heroes of it that are locked.
    const payTo = p.idleTeam.filter((id) => team.includes(id));
    const { user: paid, levelUps } = await payRewards(trx, userId, payTo, [
      {
        rewards: { ...accrued, combat_tokens: 0 },
        entry: { reason: 'idle_income', ref: String(p.idleSince) },
      },
    ]);
    return {
      claimed: accrued,
      level_ups: levelUps.map((l) => ({ hero_id: l.hero_id, name: l.name, new_level: l.new_level })),
      idle: idleOf({ ...p, idleSince: now }, now),
      user: userView(paid),
    };
  });
}
