// Guilds as stored: making one, joining it (an open guild) or asking to (one by request), requests accepted or
// refused, leaving, members removed, roles given, and a guild read as its page shows it. Every change is one economy
// transaction (economy/transaction.ts) that locks the players it moves (in id order), then the guild's row, so a
// guild's member count, its officers and a player's one guild are decided under the guild's lock, and a player is in
// one guild at most by the members table's key besides. Reads roll the guild's week over (its boss anew) and hand a
// leader not seen for LEADER_AWAY_S over to the officer, else the member, seen most recently.
import { sql, SqliteAdapter, type Kysely, type Selectable } from 'kysely';
import type { Guild, GuildRankingResponse, GuildRole, GuildsResponse } from '../../api/guilds.ts';
import {
  BOSS_ATTACKS_A_DAY,
  bossHero,
  bossMaxHp,
  bossWeekStart,
  freshBossWeek,
  GUILD_MAX_MEMBERS,
  GUILD_MAX_OFFICERS,
  GUILD_REJOIN_WAIT_S,
  guildWeek,
  LEADER_AWAY_S,
} from '../../game/guild.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { conflict, forbidden, notFound, Refusal } from '../foundation/errors.ts';
import { cursorCodec } from '../foundation/cursor.ts';
import { newId } from '../foundation/ids.ts';
import { economyTransaction } from '../economy/transaction.ts';
import type { Db, Trx } from '../economy/wallet.ts';
import type { Database, GuildsTable } from '../store/tables.ts';

export type GuildRow = Selectable<GuildsTable>;

export const GUILD_MESSAGES = {
  notFound: 'Guild not found',
  nameTaken: 'That guild name is taken',
  inAGuild: 'You are already in a guild: leave it first',
  theyAreInAGuild: 'That player has joined another guild meanwhile',
  full: `This guild is full (${GUILD_MAX_MEMBERS} members)`,
  notMember: 'You are not a member of this guild',
  notTheirMember: 'That player is not a member of this guild',
  officersOnly: 'Only the leader and officers can do that',
  leaderOnly: 'Only the leader can do that',
  noRequest: 'That player has not asked to join',
  officersFull: `A guild has at most ${GUILD_MAX_OFFICERS} officers`,
  removeSelf: 'To leave the guild, use Leave',
  outranked: 'An officer can remove members only',
  userNotFound: 'User not found',
} as const;

/** 'You left a guild recently: you can join another in 42 min'. */
const waitRefusal = (until: number, now: number) =>
  conflict(
    `You left a guild recently: you can join another in ${Math.max(1, Math.ceil((until - now) / 60))} min`,
  );

const onSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The guild's row, locked (after the players: transaction.ts's order); 404 for none or a closed one. */
export async function lockGuild(trx: Trx, id: string): Promise<GuildRow> {
  let q = trx.selectFrom('guilds').selectAll().where('id', '=', id);
  if (!onSqlite(trx)) q = q.forUpdate();
  const g = await q.executeTakeFirst();
  if (!g || g.closed_at !== null) throw notFound(GUILD_MESSAGES.notFound);
  return g;
}

/**
 * The guild with its week current: a row of an earlier week (freshBossWeek, src/game/guild.ts) is rolled over (its
 * boss anew) — by a conditional update, so two readers at once roll it once; the one that lost reads the row again.
 */
export async function withCurrentWeek(db: Db, g: GuildRow): Promise<GuildRow> {
  const fresh = freshBossWeek(nowMs(), g.time_zone, Number(g.week));
  if (!fresh) return g;
  const rolled = await db
    .updateTable('guilds')
    .set(fresh)
    .where('id', '=', g.id)
    .where('week', '=', g.week)
    .executeTakeFirst();
  if (Number(rolled.numUpdatedRows) === 1) return { ...g, ...fresh };
  return (await db
    .selectFrom('guilds')
    .selectAll()
    .where('id', '=', g.id)
    .executeTakeFirstOrThrow()) as GuildRow;
}

/** A player's place in a guild: their role, or null when they are not one of its members. */
export async function roleIn(db: Db, guildId: string, userId: string): Promise<GuildRole | null> {
  const m = await db
    .selectFrom('guild_members')
    .select(['guild_id', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return m && m.guild_id === guildId ? (m.role as GuildRole) : null;
}

/** Refuses a player who is not a member: the role they hold. */
export async function memberOf(db: Db, guildId: string, userId: string): Promise<GuildRole> {
  const role = await roleIn(db, guildId, userId);
  if (!role) throw forbidden(GUILD_MESSAGES.notMember);
  return role;
}

/** A player may join (or ask to): in no guild, and not within the hour after leaving one. */
function mayJoin(u: { guild_id: string | null; guild_left_at: number | null } | undefined): void {
  if (!u) throw notFound(GUILD_MESSAGES.userNotFound);
  if (u.guild_id !== null) throw conflict(GUILD_MESSAGES.inAGuild);
  const now = nowSeconds();
  const until = u.guild_left_at === null ? 0 : Number(u.guild_left_at) + GUILD_REJOIN_WAIT_S;
  if (now < until) throw waitRefusal(until, now);
}

/** Adds `userId` to the locked guild `g` (room checked under its lock) with `role`. */
async function addMember(trx: Trx, g: GuildRow, userId: string, role: GuildRole): Promise<void> {
  const room = await trx
    .updateTable('guilds')
    .set({ member_count: sql`member_count + 1` })
    .where('id', '=', g.id)
    .where('member_count', '<', GUILD_MAX_MEMBERS)
    .executeTakeFirst();
  if (Number(room.numUpdatedRows) !== 1) throw conflict(GUILD_MESSAGES.full);
  await trx
    .insertInto('guild_members')
    .values({ user_id: userId, guild_id: g.id, role, joined_at: nowSeconds() })
    .execute();
  await trx.updateTable('users').set({ guild_id: g.id }).where('id', '=', userId).execute();
  await trx.deleteFrom('guild_requests').where('user_id', '=', userId).execute();
}

/** Takes `userId` out of the locked guild `g`; the last one out closes it. Answers whether it closed. */
async function dropMember(trx: Trx, g: GuildRow, userId: string, leftAt: number | null): Promise<boolean> {
  await trx.deleteFrom('guild_members').where('user_id', '=', userId).execute();
  await trx
    .updateTable('users')
    .set({ guild_id: null, ...(leftAt !== null && { guild_left_at: leftAt }) })
    .where('id', '=', userId)
    .execute();
  const left = g.member_count - 1;
  if (left <= 0) {
    await trx
      .updateTable('guilds')
      .set({ member_count: 0, closed_at: nowSeconds(), name_key: null })
      .where('id', '=', g.id)
      .execute();
    await trx.deleteFrom('guild_requests').where('guild_id', '=', g.id).execute();
    return true;
  }
  await trx.updateTable('guilds').set({ member_count: left }).where('id', '=', g.id).execute();
  return false;
}

/** The member a guild's leadership passes to: the officer, else the member, seen most recently. */
async function successorOf(db: Db, guildId: string, except: string): Promise<string | null> {
  const rows = await db
    .selectFrom('guild_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'u.last_seen'])
    .where('m.guild_id', '=', guildId)
    .where('m.user_id', '!=', except)
    .execute();
  rows.sort(
    (a, b) =>
      Number(b.role === 'officer') - Number(a.role === 'officer') ||
      Number(b.last_seen) - Number(a.last_seen) ||
      (a.user_id < b.user_id ? -1 : 1),
  );
  return rows[0]?.user_id ?? null;
}

/** Makes `to` the leader of `guildId`; the leader before stays, as a member. */
async function handOver(
  trx: Trx,
  guildId: string,
  from: string,
  to: string,
  oldRole: GuildRole,
): Promise<void> {
  await trx.updateTable('guild_members').set({ role: oldRole }).where('user_id', '=', from).execute();
  await trx.updateTable('guild_members').set({ role: 'leader' }).where('user_id', '=', to).execute();
}

/** At a read: a leader not seen for LEADER_AWAY_S hands the guild over (under the guild's lock, once). */
async function handOverIfAway(db: Db, g: GuildRow): Promise<void> {
  const leader = await db
    .selectFrom('guild_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.last_seen'])
    .where('m.guild_id', '=', g.id)
    .where('m.role', '=', 'leader')
    .executeTakeFirst();
  const now = nowSeconds();
  if (!leader || now - Number(leader.last_seen) < LEADER_AWAY_S) return;
  await db.transaction().execute(async (trx) => {
    const locked = await lockGuild(trx, g.id);
    const still = await trx
      .selectFrom('guild_members')
      .select('user_id')
      .where('guild_id', '=', locked.id)
      .where('role', '=', 'leader')
      .executeTakeFirst();
    if (still?.user_id !== leader.user_id) return;
    const next = await successorOf(trx, g.id, leader.user_id);
    if (next) await handOver(trx, g.id, leader.user_id, next, 'member');
  });
}

// ---- changes ------------------------------------------------------------------------------------------------

export async function createGuild(
  db: Kysely<Database>,
  q: { userId: string; name: string; description: string; joinPolicy: 'open' | 'request' },
): Promise<string> {
  const id = newId('g');
  await economyTransaction(db, { userId: q.userId }, async (trx, { user }) => {
    mayJoin(user);
    const taken = await trx
      .selectFrom('guilds')
      .select('id')
      .where('name_key', '=', q.name.toLowerCase())
      .executeTakeFirst();
    if (taken) throw conflict(GUILD_MESSAGES.nameTaken);
    const timeZone = user!.time_zone;
    const { week } = guildWeek(nowMs(), timeZone);
    await trx
      .insertInto('guilds')
      .values({
        id,
        name: q.name,
        name_key: q.name.toLowerCase(),
        description: q.description,
        join_policy: q.joinPolicy,
        time_zone: timeZone,
        created_at: nowSeconds(),
        closed_at: null,
        member_count: 0,
        ...bossWeekStart(week),
      })
      .execute();
    await addMember(trx, (await lockGuild(trx, id)) as GuildRow, q.userId, 'leader');
  }).catch((err: unknown) => {
    // two makers of one name at once: the unique key refuses the second
    if (isUniqueViolation(err)) throw conflict(GUILD_MESSAGES.nameTaken);
    throw err;
  });
  return id;
}

/** A unique key refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Joins an open guild (answers 'joined') or asks to join one by request ('asked'). */
export async function joinGuild(
  db: Kysely<Database>,
  guildId: string,
  userId: string,
): Promise<'joined' | 'asked'> {
  return economyTransaction(db, { userId }, async (trx, { user }) => {
    mayJoin(user);
    const g = await lockGuild(trx, guildId);
    if (g.join_policy === 'open') {
      await addMember(trx, g, userId, 'member');
      return 'joined' as const;
    }
    if (g.member_count >= GUILD_MAX_MEMBERS) throw conflict(GUILD_MESSAGES.full);
    await trx
      .insertInto('guild_requests')
      .values({ guild_id: guildId, user_id: userId, asked_at: nowSeconds() })
      .onConflict((oc) => oc.columns(['guild_id', 'user_id']).doNothing())
      .execute();
    return 'asked' as const;
  });
}

/** A leader or officer accepts or refuses a player's request. */
export async function answerRequest(
  db: Kysely<Database>,
  q: { guildId: string; actorId: string; userId: string; accept: boolean },
): Promise<void> {
  await economyTransaction(db, { userId: q.actorId, others: [q.userId] }, async (trx) => {
    const g = await lockGuild(trx, q.guildId);
    const role = await memberOf(trx, g.id, q.actorId);
    if (role === 'member') throw forbidden(GUILD_MESSAGES.officersOnly);
    const asked = await trx
      .deleteFrom('guild_requests')
      .where('guild_id', '=', g.id)
      .where('user_id', '=', q.userId)
      .executeTakeFirst();
    if (Number(asked.numDeletedRows) !== 1) throw notFound(GUILD_MESSAGES.noRequest);
    if (!q.accept) return;
    const them = await trx
      .selectFrom('users')
      .select(['guild_id', 'guild_left_at'])
      .where('id', '=', q.userId)
      .executeTakeFirst();
    if (them?.guild_id) throw conflict(GUILD_MESSAGES.theyAreInAGuild);
    await addMember(trx, g, q.userId, 'member');
  });
}

/** A member leaves; a leader leaving hands the guild over first; the last one out closes it. */
export async function leaveGuild(
  db: Kysely<Database>,
  guildId: string,
  userId: string,
): Promise<{ closed: boolean; canJoinAt: number }> {
  return economyTransaction(db, { userId }, async (trx) => {
    const g = await lockGuild(trx, guildId);
    const role = await memberOf(trx, g.id, userId);
    if (role === 'leader') {
      const next = await successorOf(trx, g.id, userId);
      if (next) await handOver(trx, g.id, userId, next, 'member');
    }
    const now = nowSeconds();
    const closed = await dropMember(trx, g, userId, now);
    return { closed, canJoinAt: now + GUILD_REJOIN_WAIT_S };
  });
}

/** The leader (anyone but themselves) or an officer (members only) removes a member. */
export async function removeMember(
  db: Kysely<Database>,
  q: { guildId: string; actorId: string; userId: string },
): Promise<void> {
  if (q.actorId === q.userId) throw new Refusal(400, GUILD_MESSAGES.removeSelf);
  await economyTransaction(db, { userId: q.actorId, others: [q.userId] }, async (trx) => {
    const g = await lockGuild(trx, q.guildId);
    const role = await memberOf(trx, g.id, q.actorId);
    if (role === 'member') throw forbidden(GUILD_MESSAGES.officersOnly);
    const theirs = await roleIn(trx, g.id, q.userId);
    if (!theirs) throw notFound(GUILD_MESSAGES.notTheirMember);
    if (role === 'officer' && theirs !== 'member') throw forbidden(GUILD_MESSAGES.outranked);
    await dropMember(trx, g, q.userId, null);
  });
}

/** The leader names a member's role: officer, member, or leader (handing the guild over; they become an officer). */
export async function setRole(
  db: Kysely<Database>,
  q: { guildId: string; actorId: string; userId: string; role: GuildRole },
): Promise<void> {
  await economyTransaction(db, { userId: q.actorId }, async (trx) => {
    const g = await lockGuild(trx, q.guildId);
    if ((await memberOf(trx, g.id, q.actorId)) !== 'leader') throw forbidden(GUILD_MESSAGES.leaderOnly);
    const theirs = await roleIn(trx, g.id, q.userId);
    if (!theirs) throw notFound(GUILD_MESSAGES.notTheirMember);
    if (q.userId === q.actorId) {
      if (q.role !== 'leader') throw new Refusal(400, 'Hand leadership to another member first');
      return;
    }
    const officers = await trx
      .selectFrom('guild_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guild_id', '=', g.id)
      .where('role', '=', 'officer')
      .where('user_id', '!=', q.userId)
      .executeTakeFirstOrThrow();
    if (q.role === 'leader') {
      await handOver(
        trx,
        g.id,
        q.actorId,
        q.userId,
        Number(officers.n) < GUILD_MAX_OFFICERS ? 'officer' : 'member',
      );
      return;
    }
    if (q.role === 'officer' && theirs !== 'officer' && Number(officers.n) >= GUILD_MAX_OFFICERS)
      throw conflict(GUILD_MESSAGES.officersFull);
    await trx.updateTable('guild_members').set({ role: q.role }).where('user_id', '=', q.userId).execute();
  });
}

// ---- reads ------------------------------------------------------------------------------------------------------

/** A guild's open row with its week current; 404 for none or a closed one. */
export async function readGuildRow(db: Db, id: string): Promise<GuildRow> {
  const g = await db.selectFrom('guilds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!g || g.closed_at !== null) throw notFound(GUILD_MESSAGES.notFound);
  return withCurrentWeek(db, g);
}

const ROLE_ORDER: Record<GuildRole, number> = { leader: 0, officer: 1, member: 2 };

/** Each member's damage to the guild's bosses in its week. */
export async function weekDamage(db: Db, guildId: string, week: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('guild_attacks')
    .select(['user_id', (eb) => eb.fn.sum<number>('damage').as('damage')])
    .where('guild_id', '=', guildId)
    .where('week', '=', week)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.damage)]));
}

export const bossBrief = (g: GuildRow) => ({
  level: g.boss_level,
  name: bossHero(g.boss_level).name,
  max_hp: bossMaxHp(g.boss_level),
  hp: Number(g.boss_hp),
});

/** The guild as its page shows it; its requests for a leader or officer reading it. */
export async function readGuild(db: Db, id: string, viewerId?: string): Promise<Guild> {
  // (read once: a hand-over moves members' roles, never the guild's row)
  const g = await readGuildRow(db, id);
  await handOverIfAway(db, g);
  const [members, damage] = await Promise.all([
    db
      .selectFrom('guild_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.username', 'u.last_seen'])
      .where('m.guild_id', '=', id)
      .execute(),
    weekDamage(db, id, Number(g.week)),
  ]);
  const list = members
    .map((m) => ({
      user_id: m.user_id,
      username: m.username,
      role: m.role as GuildRole,
      last_seen: Number(m.last_seen),
      week_damage: damage.get(m.user_id) ?? 0,
    }))
    .sort(
      (a, b) =>
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        b.week_damage - a.week_damage ||
        a.username.localeCompare(b.username),
    );
  const viewer = viewerId ? list.find((m) => m.user_id === viewerId) : undefined;
  const asked = viewerId === undefined ? undefined : (await askedOf(db, viewerId, [id])).has(id);
  const requests =
    viewer && viewer.role !== 'member'
      ? (
          await db
            .selectFrom('guild_requests as r')
            .innerJoin('users as u', 'u.id', 'r.user_id')
            .select(['r.user_id', 'u.username', 'r.asked_at'])
            .where('r.guild_id', '=', id)
            .orderBy('r.asked_at')
            .orderBy('r.user_id')
            .execute()
        ).map((r) => ({ user_id: r.user_id, username: r.username, asked_at: Number(r.asked_at) }))
      : undefined;
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    join_policy: g.join_policy as 'open' | 'request',
    time_zone: g.time_zone,
    created_at: Number(g.created_at),
    members: list,
    ...(requests && { requests }),
    week_kills: g.week_kills,
    boss: bossBrief(g),
    ...(asked !== undefined && { asked }),
  };
}

/** Those of `guildIds` that `userId` has asked to join (and awaits an answer from). */
async function askedOf(db: Db, userId: string, guildIds: string[]): Promise<Set<string>> {
  if (guildIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('guild_requests')
    .select('guild_id')
    .where('user_id', '=', userId)
    .where('guild_id', 'in', guildIds)
    .execute();
  return new Set(rows.map((r) => r.guild_id));
}

/** Attacks a player has left on the guild's day `day`. */
export async function attacksLeft(db: Db, userId: string, day: number): Promise<number> {
  const used = await db
    .selectFrom('guild_attacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Math.max(0, BOSS_ATTACKS_A_DAY - Number(used.n));
}

/** The guild's boss and kills as they stand now: a row not yet rolled into this week shows the week's first boss. */
function asOfNow(g: GuildRow): GuildRow {
  const fresh = freshBossWeek(nowMs(), g.time_zone, Number(g.week));
  return fresh ? { ...g, ...fresh } : g;
}

const summaryOf = (row: GuildRow) => {
  const g = asOfNow(row);
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    join_policy: g.join_policy as 'open' | 'request',
    members: g.member_count,
    week_kills: g.week_kills,
    boss: bossBrief(g),
  };
};

/** A browse page's last guild: its lower-cased name, and its id. */
const browseCursor = cursorCodec('text', 'id');

/**
 * Open guilds by name, those whose name contains `query` (any case), a page at a time; for a reader (`userId`), whether
 * they have asked to join each.
 */
export async function listGuilds(
  db: Db,
  q: { query?: string; cursor?: string; limit: number; userId?: string },
): Promise<GuildsResponse> {
  let sel = db.selectFrom('guilds').selectAll().where('closed_at', 'is', null);
  const needle = q.query?.trim().toLowerCase();
  // (a LIKE with its own escape, so a name's % and _ are only themselves, on both databases)
  if (needle)
    sel = sel.where(
      sql<boolean>`name_key like ${`%${needle.replace(/[!%_]/g, (c) => `!${c}`)}%`} escape '!'`,
    );
  if (q.cursor) {
    const [key, id] = browseCursor.decode(q.cursor);
    sel = sel.where((eb) =>
      eb.or([eb('name_key', '>', key), eb.and([eb('name_key', '=', key), eb('id', '>', id)])]),
    );
  }
  const rows = (await sel
    .orderBy('name_key')
    .orderBy('id')
    .limit(q.limit + 1)
    .execute()) as GuildRow[];
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const asked =
    q.userId === undefined
      ? undefined
      : await askedOf(
          db,
          q.userId,
          page.map((g) => g.id),
        );
  return {
    guilds: page.map((g) => ({ ...summaryOf(g), ...(asked && { asked: asked.has(g.id) }) })),
    next_cursor: rows.length > q.limit && last ? browseCursor.encode([last.name_key ?? '', last.id]) : null,
  };
}

/** Guilds ranked by bosses killed in their own current week: the first RANKED. */
const RANKED = 50;
export async function guildRanking(db: Db): Promise<GuildRankingResponse> {
  const rows = (await db
    .selectFrom('guilds')
    .selectAll()
    .where('closed_at', 'is', null)
    .where('week_kills', '>', 0)
    .orderBy('week_kills', 'desc')
    .orderBy('boss_hp')
    .orderBy('id')
    .limit(RANKED * 4)
    .execute()) as GuildRow[];
  return {
    guilds: rows
      .map(summaryOf)
      .filter((g) => g.week_kills > 0)
      .slice(0, RANKED)
      .map((g, i) => ({ ...g, rank: i + 1 })),
  };
}
