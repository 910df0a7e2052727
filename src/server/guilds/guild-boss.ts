// The guild boss: its page (GET /api/guilds/{id}/boss) and an attack (POST …/boss/attack). An attack is one economy
// transaction: the player's row, then the guild's (transaction.ts's order); under them the player's attacks of the
// guild's day are counted (a slot of the day is a row under a unique key besides), the attack is played from a fresh
// seed (src/game/guild.ts: BOSS_TURNS of the engine), the boss's health falls by its damage (what was left, for a
// felling blow), the attack pays by its own damage and is recorded as a fight whose replay plays it again. A boss
// felled opens the next level at once, and each member who attacked it is paid the kill reward once — each in their
// own transaction after the kill (a claim row under a unique key; the one that felled it in the attack's own), and
// again at any later read of the boss by one whose payment did not happen (a crash between).
import type { Kysely } from 'kysely';
import type { AttackResponse, BossView } from '../../api/guilds.ts';
import { compileTeam } from '../../game/battle/compile.ts';
import {
  attackDamage,
  BOSS_ATTACKS_A_DAY,
  attackRewards,
  BOSS_TURNS,
  bossHero,
  bossMaxHp,
  damageTiers,
  expectedDamage,
  freshBossWeek,
  guildDay,
  guildWeek,
  killRewards,
} from '../../game/guild.ts';
import type { Hero, Rewards } from '../../game/types.ts';
import { nowMs, nowSeconds } from '../foundation/clock.ts';
import { conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import { newId, newSeed } from '../foundation/ids.ts';
import { economyTransaction } from '../economy/transaction.ts';
import { credit, findUser, userView, type Db, type Trx, type UserRow } from '../economy/wallet.ts';
import { ownTeam } from '../heroes/hero-store.ts';
import { fightRecord, recordBattle } from '../store/battle-record.ts';
import type { Database } from '../store/tables.ts';
import { addRewards } from '../fights/fight-plans.ts';
import { NO_REWARDS } from '../fights/reward-payment.ts';
import { attacksLeft, bossBrief, lockGuild, memberOf, readGuildRow, weekDamage } from './guild-store.ts';

const killRef = (guildId: string, week: number, level: number) => `${guildId}:${week}:${level}`;

/** Pays `userId` the kill reward of a boss once (its claim row's key), inside their economy transaction. */
async function payKill(
  trx: Trx,
  q: { guildId: string; week: number; level: number; userId: string },
): Promise<Rewards> {
  const claimed = await trx
    .insertInto('guild_kill_rewards')
    .values({ guild_id: q.guildId, week: q.week, level: q.level, user_id: q.userId, paid_at: nowSeconds() })
    .onConflict((oc) => oc.columns(['guild_id', 'week', 'level', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return NO_REWARDS;
  const r = killRewards(q.level);
  await credit(
    trx,
    q.userId,
    { gold: r.gold, magic_essence: r.magic_essence, combat_tokens: r.combat_tokens },
    { reason: 'guild_kill', ref: killRef(q.guildId, q.week, q.level) },
  );
  return r;
}

/** The kill rewards `userId` is owed in `guildId` this week (bosses felled that they attacked), each paid once. */
async function settleKills(
  db: Kysely<Database>,
  guildId: string,
  week: number,
  userId: string,
): Promise<void> {
  const owed = await db
    .selectFrom('guild_attacks as a')
    .leftJoin('guild_kill_rewards as k', (j) =>
      j
        .onRef('k.guild_id', '=', 'a.guild_id')
        .onRef('k.week', '=', 'a.week')
        .onRef('k.level', '=', 'a.level')
        .onRef('k.user_id', '=', 'a.user_id'),
    )
    .innerJoin('guilds as g', 'g.id', 'a.guild_id')
    .select('a.level')
    .distinct()
    .where('a.guild_id', '=', guildId)
    .where('a.week', '=', week)
    .where('a.user_id', '=', userId)
    .where('k.user_id', 'is', null)
    .whereRef('a.level', '<', 'g.boss_level')
    .where('g.week', '=', week)
    .execute();
  for (const { level } of owed)
    await economyTransaction(db, { userId }, (trx) => payKill(trx, { guildId, week, level, userId }));
}

/** Each member who attacked a felled boss, paid its kill reward (after the kill; once each). */
async function payKillers(db: Kysely<Database>, guildId: string, week: number, level: number): Promise<void> {
  const attackers = await db
    .selectFrom('guild_attacks')
    .select('user_id')
    .distinct()
    .where('guild_id', '=', guildId)
    .where('week', '=', week)
    .where('level', '=', level)
    .execute();
  for (const { user_id: userId } of attackers)
    await economyTransaction(db, { userId }, (trx) => payKill(trx, { guildId, week, level, userId }));
}

/** A team of the player's own heroes (its size checked by the route's schema). */
async function teamOf(db: Db, ids: string[], userId: string): Promise<Hero[]> {
  return (await ownTeam(db, ids, userId)).map((h) => h.hero);
}

export async function readBoss(
  db: Kysely<Database>,
  q: { guildId: string; userId: string; heroIds?: string[] },
): Promise<BossView> {
  // (read once: settling the player's kill rewards pays them, never changes the guild's row)
  const g = await readGuildRow(db, q.guildId);
  await memberOf(db, g.id, q.userId);
  await settleKills(db, g.id, Number(g.week), q.userId);
  const now = nowMs();
  const week = guildWeek(now, g.time_zone);
  const day = guildDay(now, g.time_zone);
  const [damage, left, names] = await Promise.all([
    weekDamage(db, g.id, Number(g.week)),
    attacksLeft(db, q.userId, day.day),
    db
      .selectFrom('guild_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.username'])
      .where('m.guild_id', '=', g.id)
      .execute(),
  ]);
  const boss = bossHero(g.boss_level);
  const expected =
    q.heroIds && q.heroIds.length > 0
      ? expectedDamage(await teamOf(db, q.heroIds, q.userId), boss)
      : undefined;
  return {
    ...bossBrief(g),
    week_kills: g.week_kills,
    ends_at: Math.floor(week.endsAt / 1000),
    day_ends_at: Math.floor(day.endsAt / 1000),
    attacks_left: left,
    my_damage: damage.get(q.userId) ?? 0,
    ...(expected !== undefined && { expected_damage: expected }),
    tiers: damageTiers(g.boss_level),
    kill_rewards: killRewards(g.boss_level),
    ranking: names
      .map((m) => ({ user_id: m.user_id, username: m.username, damage: damage.get(m.user_id) ?? 0 }))
      .sort((a, b) => b.damage - a.damage || a.username.localeCompare(b.username)),
  };
}

export async function attackBoss(
  db: Kysely<Database>,
  q: { guildId: string; userId: string; heroIds: string[] },
): Promise<AttackResponse> {
  const seed = newSeed();
  const battleId = newId('b');
  const done = await economyTransaction(db, { userId: q.userId }, async (trx) => {
    let g = await lockGuild(trx, q.guildId);
    await memberOf(trx, g.id, q.userId);
    const team = await teamOf(trx, q.heroIds, q.userId);
    const now = nowMs();
    const fresh = freshBossWeek(now, g.time_zone, Number(g.week));
    if (fresh) {
      await trx.updateTable('guilds').set(fresh).where('id', '=', g.id).execute();
      g = { ...g, ...fresh };
    }
    const week = Number(g.week);
    const day = guildDay(now, g.time_zone).day;
    const left = await attacksLeft(trx, q.userId, day);
    if (left <= 0) throw conflict('No attacks left today: they come back when the guild’s day turns');
    const level = g.boss_level;
    const boss = bossHero(level);
    const dealt = attackDamage(seed, compileTeam(team), compileTeam([boss]));
    const hp = Number(g.boss_hp);
    const damage = Math.min(dealt, hp);
    const hpAfter = hp - damage;
    const killed = hpAfter === 0;
    await trx
      .insertInto('guild_attacks')
      .values({
        battle_id: battleId,
        guild_id: g.id,
        user_id: q.userId,
        week,
        day,
        slot: BOSS_ATTACKS_A_DAY - left + 1,
        level,
        damage,
        hp_after: hpAfter,
        created_at: nowSeconds(),
      })
      .execute();
    await trx
      .updateTable('guilds')
      .set(
        killed
          ? { boss_level: level + 1, boss_hp: bossMaxHp(level + 1), week_kills: g.week_kills + 1 }
          : { boss_hp: hpAfter },
      )
      .where('id', '=', g.id)
      .execute();
    const own = attackRewards(level, damage);
    let user: UserRow | undefined = await credit(
      trx,
      q.userId,
      { gold: own.gold, magic_essence: own.magic_essence, combat_tokens: own.combat_tokens },
      { reason: 'guild_attack', ref: battleId },
    );
    let rewards = own;
    if (killed) {
      const kill = await payKill(trx, { guildId: g.id, week, level, userId: q.userId });
      rewards = addRewards(own, kill);
      user = await findUser(trx, q.userId);
    }
    await recordBattle(
      trx,
      {
        id: battleId,
        user_id: q.userId,
        kind: 'auto',
        location_type: 'guild_boss',
        location: boss.name,
        status: 'won',
        team_hero_ids: '[]',
        state: null,
        result: null,
        rewards: null,
        level_ups: null,
        run_id: null,
      },
      fightRecord(
        {
          seed,
          turn_limit: BOSS_TURNS,
          probability: 1,
          rewards,
          level_ups: [],
          extra: { guild_boss: { guild_id: g.id, level, dealt, damage, hp_after: hpAfter } },
        },
        team,
        [boss],
      ),
    );
    if (!user) throw notFound(MESSAGES.userNotFound);
    return { week, level, damage, hpAfter, killed, rewards, left: left - 1, user };
  });
  if (done.killed) await payKillers(db, q.guildId, done.week, done.level);
  return {
    battle_id: battleId,
    level: done.level,
    damage: done.damage,
    hp_after: done.hpAfter,
    killed: done.killed,
    rewards: done.rewards,
    attacks_left: done.left,
    user: userView(done.user),
  };
}
