// Migration 0034_guilds: guilds, their members, requests and message board, and the week's boss with its attacks and
// kill rewards (src/server/guilds/). A player is in one guild at most (guild_members keyed by the player); an attack
// slot of a player's day and a kill reward of a member are each one row under a unique key, so neither is had twice;
// the player's row says which guild they are in, when they left one last (the hour's wait) and when they were seen.
import { type Migration } from 'kysely';
import type { AnyDb } from './db.ts';

export const guilds: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('guild_id', 'text').execute();
    await db.schema.alterTable('users').addColumn('guild_left_at', 'bigint').execute();
    await db.schema
      .alterTable('users')
      .addColumn('last_seen', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('guilds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      // the name lower-cased while the guild is open; null once closed (so the name is free again)
      .addColumn('name_key', 'text', (c) => c.unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('join_policy', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('member_count', 'integer', (c) => c.notNull())
      // this week's boss: the week (the day number of its Monday), its level, health and the bosses killed
      .addColumn('week', 'integer', (c) => c.notNull())
      .addColumn('boss_level', 'integer', (c) => c.notNull())
      .addColumn('boss_hp', 'bigint', (c) => c.notNull())
      .addColumn('week_kills', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('guild_members')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('guild_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('guild_members_guild').on('guild_members').columns(['guild_id']).execute();
    await db.schema
      .createTable('guild_requests')
      .addColumn('guild_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('asked_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('guild_requests_pk', ['guild_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('guild_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('guild_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('guild_messages_board')
      .on('guild_messages')
      .columns(['guild_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('guild_messages_writer')
      .on('guild_messages')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('guild_attacks')
      .addColumn('battle_id', 'text', (c) => c.primaryKey())
      .addColumn('guild_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('week', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('damage', 'bigint', (c) => c.notNull())
      .addColumn('hp_after', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('guild_attacks_slot', ['user_id', 'day', 'slot'])
      .execute();
    await db.schema
      .createIndex('guild_attacks_week')
      .on('guild_attacks')
      .columns(['guild_id', 'week', 'level'])
      .execute();
    await db.schema
      .createTable('guild_kill_rewards')
      .addColumn('guild_id', 'text', (c) => c.notNull())
      .addColumn('week', 'integer', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('guild_kill_rewards_pk', ['guild_id', 'week', 'level', 'user_id'])
      .execute();
  },
};
