// Challenges to a live match: one player names 1–4 of their heroes (and the player challenged, or no one: an open
// link anyone else may accept); the other accepts with as many of theirs, declines, or lets it lapse
// (CHALLENGE_SECONDS); the challenger may cancel until it is accepted. Each change is one conditional update of the
// challenge's row (`… where status = 'open' and expires_at > now`), so of any number of answers at once — on any
// number of instances — one counts; an accept opens the match in the same transaction (live-matches.ts), one match
// a challenge by the unique key of its challenge_id.
import type { Selectable } from 'kysely';
import { heroPower } from '../../game/campaign.ts';
import type { Hero } from '../../game/types.ts';
import type { Challenge } from '../../api/live.ts';
import type { Ctx } from '../context.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../foundation/errors.ts';
import { newId } from '../foundation/ids.ts';
import type { Db } from '../economy/wallet.ts';
import { ownTeam } from '../heroes/hero-store.ts';
import { heroFromRow } from '../store/hero-rows.ts';
import type { ChallengesTable } from '../store/tables.ts';
import { simulated } from './fights.ts';
import { openMatch } from './live-matches.ts';

/** How long an open challenge waits for an answer. */
export const CHALLENGE_SECONDS = 10 * 60;
/** How far back a player's own challenges are listed. */
const OUTGOING_SECONDS = 24 * 60 * 60;
/** The most challenges one list answers, each way. */
const LISTED = 50;

type Row = Selectable<ChallengesTable>;

const statusOf = (r: Row, now: number) => (r.status === 'open' && r.expires_at <= now ? 'expired' : r.status);

/** Why a challenge can no longer be answered, in the player's words. */
function closedWhy(status: string): string {
  if (status === 'accepted') return 'This challenge was already accepted.';
  if (status === 'declined') return 'This challenge was declined.';
  if (status === 'cancelled') return 'This challenge was cancelled.';
  return 'This challenge has expired.';
}

async function userOf(db: Db, id: string): Promise<{ id: string; username: string }> {
  const u = await db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound(MESSAGES.userNotFound);
  return u;
}

/** The `size` strongest heroes of a player (by power), or null when they have fewer. */
async function strongest(db: Db, userId: string, size: number): Promise<Hero[] | null> {
  const rows = await db.selectFrom('heroes').selectAll().where('user_id', '=', userId).execute();
  if (rows.length < size) return null;
  return rows
    .map(heroFromRow)
    .sort((a, b) => heroPower(b) - heroPower(a) || (a.id < b.id ? -1 : 1))
    .slice(0, size);
}

/** Challenges as the contract answers them: their players, the challenger's heroes, each one's stated chance. */
async function views(db: Db, rows: Row[]): Promise<Challenge[]> {
  if (rows.length === 0) return [];
  const now = nowSeconds();
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.challenger_id, ...(r.opponent_id ? [r.opponent_id] : [])])),
  ];
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()).map(
      (u) => [u.id, u],
    ),
  );
  const heroIds = [...new Set(rows.flatMap((r) => JSON.parse(r.hero_ids) as string[]))];
  const heroes = new Map(
    (await db.selectFrom('heroes').selectAll().where('id', 'in', heroIds).execute()).map((h) => [
      h.id,
      heroFromRow(h),
    ]),
  );
  const player = (id: string) => ({ id, username: users.get(id)?.username ?? 'a player who left' });
  return rows.map((r) => {
    const team = (JSON.parse(r.hero_ids) as string[]).flatMap((id) => heroes.get(id) ?? []);
    return {
      id: r.id,
      url: `/duel/${r.id}`,
      status: statusOf(r, now),
      created_at: r.created_at,
      expires_at: r.expires_at,
      challenger: player(r.challenger_id),
      opponent: r.opponent_id ? player(r.opponent_id) : null,
      heroes: team.map((h) => ({
        id: h.id,
        name: h.name,
        level: h.level,
        rarity: h.rarity,
        class: h.class,
        portrait_url: h.portrait_url,
        power: Math.round(heroPower(h)),
      })),
      size: (JSON.parse(r.hero_ids) as string[]).length,
      probability: r.probability,
      match_id: r.match_id,
    };
  });
}

/** A new challenge: the challenger's own heroes, against a named player or as an open link. */
export async function createChallenge(
  ctx: Ctx,
  q: { userId: string; heroIds: string[]; opponentId?: string },
): Promise<Challenge> {
  const { db } = ctx.store;
  await userOf(db, q.userId);
  if (q.opponentId === q.userId) throw badRequest('You cannot challenge yourself.');
  if (q.opponentId !== undefined) await userOf(db, q.opponentId);
  const team = (await ownTeam(db, q.heroIds, q.userId)).map((h) => h.hero);
  const theirs = q.opponentId === undefined ? null : await strongest(db, q.opponentId, team.length);
  const probability = theirs ? (await simulated(() => ctx.odds.estimate(team, theirs))).probability : null;
  const now = nowSeconds();
  const row: Row = {
    id: newId('c'),
    challenger_id: q.userId,
    opponent_id: q.opponentId ?? null,
    hero_ids: JSON.stringify(q.heroIds),
    status: 'open',
    expires_at: now + CHALLENGE_SECONDS,
    match_id: null,
    probability,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('challenges').values(row).execute();
  if (row.opponent_id)
    ctx.live.bus.publish({ kind: 'challenge', user_id: row.opponent_id, challenge_id: row.id });
  return (await views(db, [row]))[0];
}

/** A player's challenges: open ones to them, and their own of the last day. */
export async function listChallenges(
  db: Db,
  userId: string,
): Promise<{ incoming: Challenge[]; outgoing: Challenge[] }> {
  await userOf(db, userId);
  const now = nowSeconds();
  const incoming = await db
    .selectFrom('challenges')
    .selectAll()
    .where('opponent_id', '=', userId)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(LISTED)
    .execute();
  const outgoing = await db
    .selectFrom('challenges')
    .selectAll()
    .where('challenger_id', '=', userId)
    .where('created_at', '>', now - OUTGOING_SECONDS)
    .orderBy('created_at', 'desc')
    .limit(LISTED)
    .execute();
  return { incoming: await views(db, incoming), outgoing: await views(db, outgoing) };
}

/** One challenge, as the contract answers it (its page reads it). */
export async function readChallenge(db: Db, id: string): Promise<Challenge> {
  const r = await db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Challenge not found');
  return (await views(db, [r]))[0];
}

async function rowOf(db: Db, id: string): Promise<Row> {
  const r = await db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Challenge not found');
  return r;
}

/**
 * Moves an open challenge to `status` when it is still open and unexpired: one conditional update, so of answers
 * at once one counts. A refusal (409) says why it could not.
 */
async function close(db: Db, r: Row, status: 'accepted' | 'declined' | 'cancelled', matchId?: string) {
  const now = nowSeconds();
  const done = await db
    .updateTable('challenges')
    .set({ status, match_id: matchId ?? null, updated_at: now })
    .where('id', '=', r.id)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return;
  const again = await rowOf(db, r.id);
  throw conflict(closedWhy(statusOf(again, now)));
}

/** Accepts a challenge with a team of the same size: the match opens, and its id is answered. */
export async function acceptChallenge(
  ctx: Ctx,
  q: { id: string; userId: string; heroIds: string[] },
): Promise<{ match_id: string }> {
  const { db } = ctx.store;
  const r = await rowOf(db, q.id);
  await userOf(db, q.userId);
  if (r.challenger_id === q.userId) throw conflict('You cannot accept your own challenge.');
  if (r.opponent_id !== null && r.opponent_id !== q.userId)
    throw forbidden('This challenge is for another player.');
  const status = statusOf(r, nowSeconds());
  if (status !== 'open') throw conflict(closedWhy(status));
  const size = (JSON.parse(r.hero_ids) as string[]).length;
  if (q.heroIds.length !== size)
    throw badRequest(`Accept with ${size} hero${size === 1 ? '' : 'es'}: as many as the challenger's.`);
  const mine = (await ownTeam(db, q.heroIds, q.userId)).map((h) => h.hero);
  const theirs = await ownTeam(db, JSON.parse(r.hero_ids) as string[], r.challenger_id).catch(() => {
    throw conflict('A hero of this challenge is no longer its player’s: it cannot be accepted.');
  });
  const teams: [Hero[], Hero[]] = [theirs.map((h) => h.hero), mine];
  const { probability } = await simulated(() => ctx.odds.estimate(teams[0], teams[1]));
  const matchId = newId('m');
  await db.transaction().execute(async (trx) => {
    await close(trx, r, 'accepted', matchId);
    await openMatch(trx, ctx.live, {
      matchId,
      challengeId: r.id,
      users: [r.challenger_id, q.userId],
      teams,
      probability,
      nowMs: nowMs(),
    });
  });
  ctx.live.bus.publish({ kind: 'challenge', user_id: r.challenger_id, challenge_id: r.id });
  return { match_id: matchId };
}

/**
 * Asks for a rematch of an ended match: once both players have asked, it opens — the same heroes on each side, as
 * they are now — behind a challenge of its own, accepted by both. The flag each player sets and the new match's id
 * are conditional updates of the match row, so asks at once open one rematch.
 */
export async function rematch(
  ctx: Ctx,
  q: { id: string; userId: string },
): Promise<{ match_id: string | null; waiting: boolean }> {
  const { db } = ctx.store;
  const m = await db.selectFrom('live_matches').selectAll().where('id', '=', q.id).executeTakeFirst();
  if (!m) throw notFound('Match not found');
  const side = q.userId === m.user_a ? 0 : q.userId === m.user_b ? 1 : -1;
  if (side < 0) throw forbidden('You are not a player of this match.');
  if (m.status !== 'over') throw conflict('A rematch can be asked for once the match is over.');
  if (m.rematch_id) return { match_id: m.rematch_id, waiting: false };
  await db
    .updateTable('live_matches')
    .set(side === 0 ? { rematch_a: 1 } : { rematch_b: 1 })
    .where('id', '=', q.id)
    .execute();
  const asked = await db
    .selectFrom('live_matches')
    .selectAll()
    .where('id', '=', q.id)
    .executeTakeFirstOrThrow();
  if (asked.rematch_a !== 1 || asked.rematch_b !== 1) {
    ctx.live.bus.publish({ kind: 'refresh', match_id: q.id });
    return { match_id: asked.rematch_id, waiting: asked.rematch_id === null };
  }
  const ids = (JSON.parse(m.teams) as [Hero[], Hero[]]).map((t) => t.map((h) => h.id));
  const gone = () => {
    throw conflict('A hero of this match is no longer its player’s: start a new challenge instead.');
  };
  const teams: [Hero[], Hero[]] = [
    (await ownTeam(db, ids[0], m.user_a).catch(gone)).map((h) => h.hero),
    (await ownTeam(db, ids[1], m.user_b).catch(gone)).map((h) => h.hero),
  ];
  const { probability } = await simulated(() => ctx.odds.estimate(teams[0], teams[1]));
  const matchId = newId('m');
  const challengeId = newId('c');
  const now = nowSeconds();
  const opened = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('live_matches')
      .set({ rematch_id: matchId })
      .where('id', '=', q.id)
      .where('rematch_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('challenges')
      .values({
        id: challengeId,
        challenger_id: m.user_a,
        opponent_id: m.user_b,
        hero_ids: JSON.stringify(ids[0]),
        status: 'accepted',
        expires_at: now,
        match_id: matchId,
        probability,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await openMatch(trx, ctx.live, {
      matchId,
      challengeId,
      users: [m.user_a, m.user_b],
      teams,
      probability,
      nowMs: nowMs(),
    });
    return true;
  });
  if (!opened) {
    const again = await db
      .selectFrom('live_matches')
      .select('rematch_id')
      .where('id', '=', q.id)
      .executeTakeFirst();
    return { match_id: again?.rematch_id ?? null, waiting: false };
  }
  ctx.live.bus.publish({ kind: 'refresh', match_id: q.id });
  return { match_id: matchId, waiting: false };
}

/** Declines a challenge made to the player; the challenger's sockets are told. */
export async function declineChallenge(ctx: Ctx, id: string, userId: string): Promise<Challenge> {
  const { db } = ctx.store;
  const r = await rowOf(db, id);
  if (r.opponent_id !== userId)
    throw forbidden(
      r.challenger_id === userId
        ? 'Cancel your own challenge instead.'
        : 'This challenge is for another player.',
    );
  await close(db, r, 'declined');
  ctx.live.bus.publish({ kind: 'challenge', user_id: r.challenger_id, challenge_id: r.id });
  return readChallenge(db, id);
}

/** Cancels the player's own challenge before it is accepted; the challenged player's sockets are told. */
export async function cancelChallenge(ctx: Ctx, id: string, userId: string): Promise<Challenge> {
  const { db } = ctx.store;
  const r = await rowOf(db, id);
  if (r.challenger_id !== userId) throw forbidden('Only the challenger can cancel a challenge.');
  await close(db, r, 'cancelled');
  if (r.opponent_id) ctx.live.bus.publish({ kind: 'challenge', user_id: r.opponent_id, challenge_id: r.id });
  return readChallenge(db, id);
}
