// Every finished fight can be watched again (GET /api/battles/{id}/replay), read from its record (battle-record.ts):
// the teams as they began and the battle played again from its seed (and a turn-based battle's choices), or its
// facts where they are kept. Sentences are told again from the facts (src/game/battle/narration.ts), so a record
// stays small and reads the same under reworded texts.
import { cursorCodec } from '../foundation/cursor.ts';
import type { Selectable } from 'kysely';
import type { BattleHistoryEntry, BattleReplay } from '../../api/battles.ts';
import { own, STATUSES } from '../../game/content.ts';
import { iconPath } from '../../game/art/paths.ts';
import { describeStatus } from '../../game/describe.ts';
import { unitsAtStart } from '../../game/index.ts';
import type { Hero } from '../../game/types.ts';
import { conflict, MESSAGES, notFound } from '../foundation/errors.ts';
import { findUser, type Db } from '../economy/wallet.ts';
import { eventsOf, readRecord, teamsOf } from '../store/battle-record.ts';
import type { BattlesTable } from '../store/tables.ts';
import { loadBattle } from './turn-battles.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { did, economyTransaction } from '../economy/transaction.ts';

/** The teams' fighters as they began, and how to show each status the events name. */
function staging(allies: Hero[], enemies: Hero[], events: { status_id?: string }[]) {
  const statuses: BattleReplay['statuses'] = {};
  for (const e of events) {
    const def = e.status_id === undefined ? undefined : own(STATUSES, e.status_id);
    if (def && !statuses[def.id])
      statuses[def.id] = {
        name: def.name,
        icon: iconPath('status', def.id),
        harmful: def.harmful,
        description: describeStatus(def),
      };
  }
  return { units: unitsAtStart(allies, enemies), statuses };
}

export function replayOf(row: Selectable<BattlesTable>): BattleReplay {
  if (row.status === 'expired') throw notFound(MESSAGES.battleNotFound);
  if (row.kind === 'turn_based' && row.status === 'active')
    throw conflict('This battle is still being fought: its replay comes when it ends');
  if (row.record === null) throw notFound(MESSAGES.battleNotFound);
  const record = readRecord(row);
  const { allies, enemies } = teamsOf(record);
  const events = eventsOf(record, row.id, allies, enemies);
  const turnBased = row.kind === 'turn_based';
  return {
    battle_id: row.id,
    location_type: row.location_type,
    location: row.location,
    created_at: Number(row.created_at),
    kind: turnBased ? 'turn_based' : 'auto',
    engine_version: record.engine_version,
    seed: record.seed,
    choices: record.choices ?? [],
    allies,
    enemies,
    ...staging(allies, enemies, events),
    events,
    // A turn-based battle ended by starting another is a loss, though its engine never finished it.
    status: row.status === 'won' || (turnBased && row.status === 'draw') ? row.status : 'lost',
    rewards: record.rewards,
    level_ups: record.level_ups,
    ...livePlayersOf(record.extra),
    ...guildBossOf(record.extra),
  };
}

/** A guild boss attack's record keeps its level and damage (guilds/guild-boss.ts keeps them in its extra). */
function guildBossOf(extra: object | undefined): {
  guild_boss?: { level: number; damage: number; dealt: number };
} {
  const b = (extra as { guild_boss?: { level?: unknown; damage?: unknown; dealt?: unknown } } | undefined)
    ?.guild_boss;
  return b
    ? { guild_boss: { level: Number(b.level), damage: Number(b.damage), dealt: Number(b.dealt) } }
    : {};
}

/** A live match's record names both players (fights/kinds/live.ts keeps them in its extra). */
function livePlayersOf(extra: object | undefined): { players?: string[] } {
  const live = (extra as { live?: { players?: unknown } } | undefined)?.live;
  return Array.isArray(live?.players) ? { players: live.players.map(String) } : {};
}

// ---- a player's history ---------------------------------------------------------------------------------------

/** A history page's last fight: when it was recorded, and its id. */
const historyCursor = cursorCodec('integer', 'id');

/** A player's finished fights, newest first: `limit` of them after `cursor`, and the cursor of the next page. */
export async function historyOf(
  db: Db,
  userId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ battles: BattleHistoryEntry[]; next_cursor: string | null }> {
  let q = db
    .selectFrom('battles')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['won', 'lost', 'draw'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) {
    const [createdAt, id] = historyCursor.decode(cursor);
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  const rows = await q.execute();
  if (rows.length === 0 && !(await findUser(db, userId))) throw notFound(MESSAGES.userNotFound);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    battles: page.map((row) => ({
      battle_id: row.id,
      kind: row.kind === 'turn_based' ? 'turn_based' : 'auto',
      location_type: row.location_type,
      location: row.location,
      opponents: row.record ? (readRecord(row).enemies?.map((h) => h.name) ?? []) : [],
      status: row.status as 'won' | 'lost' | 'draw',
      rewards: row.record ? readRecord(row).rewards : null,
      created_at: Number(row.created_at),
    })),
    next_cursor:
      rows.length > limit && last ? historyCursor.encode([Number(last.created_at), last.id]) : null,
  };
}

// ---- the replay page's link preview ------------------------------------------------------------------------

const escapeHtml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The fight named for a link preview: the page's <title> and its Open Graph tags. Who fought whom and where, never
 * how it ended (nothing tells a result before its playback does) — the tab shows this title before the
 * page's script runs, and a shared link is sent to be watched. Its length in turns is said: it tells nothing of
 * the winner.
 */
export function replayHead(r: BattleReplay, origin: string): string {
  const names = (hs: Hero[]) => hs.map((h) => h.name.split(' ')[0]).join(', ');
  const title = `Replay: ${names(r.allies)} vs ${names(r.enemies)} at ${r.location}`;
  const turns = r.events.at(-1)?.turn ?? 0;
  const length = turns > 0 ? `, ${turns} turn${turns === 1 ? '' : 's'}` : '';
  const description = `${names(r.allies)} against ${names(r.enemies)} at ${r.location}${length}. Watch how it ends on Runeborn.`;
  const image = r.allies[0]?.portrait_url;
  const tag = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return (
    `<title>${escapeHtml(title)} · Runeborn</title>` +
    `<meta name="description" content="${escapeHtml(description)}">` +
    tag('og:type', 'website') +
    tag('og:site_name', 'Runeborn') +
    tag('og:title', title) +
    tag('og:description', description) +
    tag('og:url', `${origin}/replay/${r.battle_id}`) +
    (image ? tag('og:image', `${origin}${image}`) : '')
  );
}

/**
 * The replay page's head for the fight `id` (replayHead), or null when there is none to name: an id no fight has,
 * or a fight not finished, expired or recorded before replays (the page then says so itself).
 */
export async function replayHeadFor(db: Db, id: string, origin: string): Promise<string | null> {
  const row = await db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  try {
    return replayHead(replayOf(row), origin);
  } catch {
    return null;
  }
}

/**
 * A finished fight's replay, opened by its link: the fight is kept past the per-player bound for a while (sweep.ts;
 * at most one write a day), and a player watching (`viewer`) counts it toward their daily quest.
 */
export async function openReplay(db: Db, id: string, viewer: string | undefined): Promise<BattleReplay> {
  const record = replayOf(await loadBattle(db, id));
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
  // A player watching: the opening and their daily quest's count in one transaction (their row first).
  if (viewer)
    await economyTransaction(db, { userId: viewer }, async (trx) => {
      await opened(trx);
      did(trx, { act: 'replay' });
    });
  else await opened(db);
  return record;
}
