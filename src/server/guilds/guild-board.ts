// A guild's message board: members only, newest first, a page at a time; a message is plain text (the page shows it
// as text, never markup). A player writes at most GUILD_MESSAGES_A_MINUTE a minute: counted under their row's lock
// (the economy transaction), so messages sent at once cannot pass it together. A message written is told, once
// committed, over the live bus (fights/live-bus.ts): the sockets of members watching the guild say so, and their
// boards read it at once (routes/live.ts; the page polls besides, slower while its socket is open).
import type { Kysely } from 'kysely';
import type { MessagesResponse } from '../../api/guilds.ts';
import { GUILD_MESSAGES_A_MINUTE } from '../../game/guild.ts';
import { nowMs } from '../foundation/clock.ts';
import { cursorCodec } from '../foundation/cursor.ts';
import { Refusal } from '../foundation/errors.ts';
import { newId } from '../foundation/ids.ts';
import { economyTransaction } from '../economy/transaction.ts';
import type { Db } from '../economy/wallet.ts';
import type { Database } from '../store/tables.ts';
import type { LiveNote } from '../fights/live-bus.ts';
import { memberOf, readGuildRow } from './guild-store.ts';

type Message = MessagesResponse['messages'][number];

/**
 * A message's id: its instant and this instance's count in base 36, so a board in id order is in the order written
 * (within one ms on one instance too), and a random tail.
 */
let written = 0;
const messageId = (at: number) =>
  `m_${at.toString(36).padStart(9, '0')}${(written++ % 36 ** 4).toString(36).padStart(4, '0')}_${newId('').slice(-6)}`;

/** A board page's last message: when it was written, and its id. */
const cursor = cursorCodec('integer', 'id');

export async function readMessages(
  db: Db,
  q: { guildId: string; userId: string; cursor?: string; limit: number },
): Promise<MessagesResponse> {
  await readGuildRow(db, q.guildId);
  await memberOf(db, q.guildId, q.userId);
  let sel = db
    .selectFrom('guild_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.username', 'm.text', 'm.created_at'])
    .where('m.guild_id', '=', q.guildId);
  if (q.cursor) {
    const [at, id] = cursor.decode(q.cursor);
    sel = sel.where((eb) =>
      eb.or([eb('m.created_at', '<', at), eb.and([eb('m.created_at', '=', at), eb('m.id', '<', id)])]),
    );
  }
  const rows = await sel
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    messages: page.map((r) => ({ ...r, created_at: Number(r.created_at) })),
    next_cursor: rows.length > q.limit && last ? cursor.encode([Number(last.created_at), last.id]) : null,
  };
}

export async function writeMessage(
  db: Kysely<Database>,
  q: { guildId: string; userId: string; text: string },
  bus?: { publish(note: LiveNote): void },
): Promise<Message> {
  const written = await economyTransaction(db, { userId: q.userId }, async (trx, { user }) => {
    await readGuildRow(trx, q.guildId);
    await memberOf(trx, q.guildId, q.userId);
    const now = nowMs();
    const recent = await trx
      .selectFrom('guild_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', q.userId)
      .where('created_at', '>', now - 60_000)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= GUILD_MESSAGES_A_MINUTE)
      throw new Refusal(429, `At most ${GUILD_MESSAGES_A_MINUTE} messages a minute: wait a moment`, {
        'retry-after': '10',
      });
    const m = { id: messageId(now), guild_id: q.guildId, user_id: q.userId, text: q.text, created_at: now };
    await trx.insertInto('guild_messages').values(m).execute();
    return { id: m.id, user_id: m.user_id, username: user!.username, text: m.text, created_at: now };
  });
  bus?.publish({ kind: 'guild_message', guild_id: q.guildId, message_id: written.id });
  return written;
}
