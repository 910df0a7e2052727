// Migration 0027_quest_places: a day's quests are drawn only among the kinds the player could play when it began — a
// quest fought in the arena or a dungeon once that place is open (src/game/daily.ts questsOfDay; its campaign stage
// first cleared, economy/daily-progress.ts recordOpens). Each player keeps the day the arena and the first dungeon
// opened on (users.arena_opened_on, users.dungeon_opened_on); a place counts from the day after. Players who exist
// already keep the draw of every kind through their day in progress (users.draws_every_kind_through), so no day
// already begun, nor one whose finished quests still wait to be claimed, is drawn again otherwise; a place their
// cleared stages opened (1-2 the first dungeon, 1-8 the arena: frozen here as they were) is open from the next day.
import { sql, type Migration } from 'kysely';
import { dayAt, ianaZone } from '../../game/day-clock.ts';
import { nowMs } from '../foundation/clock.ts';
import type { AnyDb } from './db.ts';

/** Stages cleared (in order) that open the first dungeon and the arena, as the campaign was on 2026-11-28. */
const DUNGEON_AFTER = 2;
const ARENA_AFTER = 8;
const PAGE = 1000;

interface Row {
  id: string;
  time_zone: string;
  reset_hour: number;
  rule_from: number | string | null;
  day_floor: number | string | null;
  created_at: number | string;
}

export const questPlaces: Migration = {
  async up(db: AnyDb) {
    for (const column of ['arena_opened_on', 'dungeon_opened_on', 'draws_every_kind_through'])
      await db.schema.alterTable('users').addColumn(column, 'integer').execute();
    // Each existing player's day in progress, read a page of players at a time; one update per day and page.
    const now = nowMs();
    for (let after = ''; ;) {
      const rows = (await db
        .selectFrom('users')
        .select(['id', 'time_zone', 'reset_hour', 'rule_from', 'day_floor', 'created_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute()) as Row[];
      if (rows.length === 0) break;
      const byDay = new Map<number, string[]>();
      for (const r of rows) {
        const day = dayAt(now, {
          timeZone: ianaZone(r.time_zone) ?? 'UTC',
          resetHour: Number(r.reset_hour),
          ruleFrom: r.rule_from === null ? null : Number(r.rule_from) * 1000,
          floor: r.day_floor === null ? null : Number(r.day_floor),
          opened: Number(r.created_at) * 1000,
        }).day;
        byDay.set(day, [...(byDay.get(day) ?? []), r.id]);
      }
      for (const [day, ids] of byDay)
        await db.updateTable('users').set({ draws_every_kind_through: day }).where('id', 'in', ids).execute();
      after = rows.at(-1)!.id;
    }
    // A place their cleared stages opened counts from the day after their day in progress.
    const cleared = (n: number) =>
      db.selectFrom('campaign_progress').select('user_id').where('cleared', '>=', n);
    await db
      .updateTable('users')
      .set({ dungeon_opened_on: sql`draws_every_kind_through` })
      .where('id', 'in', cleared(DUNGEON_AFTER))
      .execute();
    await db
      .updateTable('users')
      .set({ arena_opened_on: sql`draws_every_kind_through` })
      .where('id', 'in', cleared(ARENA_AFTER))
      .execute();
  },
};
