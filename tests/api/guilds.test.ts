// Guilds on the real server, SQLite and PostgreSQL, the one clock moved by the test: making, finding, joining and
// asking, every refusal (a name taken in any case, one guild at a time, a full guild, the hour's wait, not a member,
// not an officer), roles and the hand-over of a leader not seen for 72 hours, the board (members only, plain text,
// 10 a minute), and the boss: attacks by the guild's day, the health falling by exactly each attack's damage, the
// kill paying each attacker once, the next boss at once, the week's reset on Monday 04:00 in the guild's zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  giveHero,
  ledgerEntries,
  newPlayer,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';
import type { KyselyPlugin } from 'kysely';
import { GUILD_MAX_MEMBERS } from '../../src/game/guild.ts';
import { readGuild } from '../../src/server/guilds/guild-store.ts';
import { readBoss } from '../../src/server/guilds/guild-boss.ts';

const HOUR = 3_600_000;

describe.each(DATABASES)('guilds on %s', (kind) => {
  let h: Harness;
  // Wednesday 2026-12-02 12:00 UTC
  let now = Date.UTC(2026, 11, 2, 12);
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(() => h.close());

  const make = (userId: string, name: string, join_policy: 'open' | 'request' = 'open') =>
    h.call('POST', '/api/guilds', { user_id: userId, name, description: 'We hunt', join_policy });
  const guildName = () => `G${Math.random().toString(36).slice(2, 10)}`;
  const teamOf = async (userId: string, n = 4) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await giveHero(h, userId, 3, 8)).id);
    return ids;
  };

  it('makes a guild, finds it by any case of its name, and refuses the name again in another case', async () => {
    const a = await newPlayer(h);
    const name = guildName();
    const made = await make(a.id, name);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name, join_policy: 'open', time_zone: 'UTC', week_kills: 0 });
    expect(made.body.members).toEqual([
      expect.objectContaining({ user_id: a.id, role: 'leader', week_damage: 0 }),
    ]);
    expect(made.body.boss).toMatchObject({ level: 1 });
    expect(made.body.boss.hp).toBe(made.body.boss.max_hp);
    const me = await h.call('GET', `/api/users/${a.id}`);
    expect(me.body.guild_id).toBe(made.body.id);

    const b = await newPlayer(h);
    const again = await make(b.id, name.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/taken/);
    const found = await h.call('GET', `/api/guilds?query=${name.slice(1, 6).toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body.guilds.map((g: { id: string }) => g.id)).toContain(made.body.id);
    // a second guild for a player in one: refused, nothing made
    const second = await make(a.id, guildName());
    expect(second.status).toBe(409);
    // names out of bounds and markup-free checks: 400 with a readable error
    for (const bad of ['ab', 'x'.repeat(25), '   ']) {
      const r = await make(b.id, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toMatch(/3–24/);
    }
  });

  it('pages the browse list by cursor without a guild twice', async () => {
    const prefix = `Pg${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 5; i++) await make((await newPlayer(h)).id, `${prefix}${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: { guilds: { name: string }[]; next_cursor: string | null } } =
        await h.call('GET', `/api/guilds?query=${prefix}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.guilds.map((g: { name: string }) => g.name));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}${i}`));
    expect((await h.call('GET', '/api/guilds?cursor=nonsense!')).status).toBe(400);
  });

  it('asks, accepts and refuses; only the leader and officers answer; one guild at a time; the hour’s wait', async () => {
    const leader = await newPlayer(h);
    const g = (await make(leader.id, guildName(), 'request')).body;
    const asker = await newPlayer(h);
    const other = await newPlayer(h);
    const asked = await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: asker.id });
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('asked');
    await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: other.id });
    // the requests: shown to the leader, not to others
    const read = await h.call('GET', `/api/guilds/${g.id}?user_id=${leader.id}`);
    expect(read.body.requests.map((r: { user_id: string }) => r.user_id).sort()).toEqual(
      [asker.id, other.id].sort(),
    );
    expect((await h.call('GET', `/api/guilds/${g.id}`)).body.requests).toBeUndefined();
    // a non-member cannot accept
    const stranger = await newPlayer(h);
    const notYours = await h.call('POST', `/api/guilds/${g.id}/requests/${asker.id}/accept`, {
      user_id: stranger.id,
    });
    expect(notYours.status).toBe(403);
    const accepted = await h.call('POST', `/api/guilds/${g.id}/requests/${asker.id}/accept`, {
      user_id: leader.id,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.members.map((m: { user_id: string }) => m.user_id)).toContain(asker.id);
    // a member cannot answer a request
    const byMember = await h.call('POST', `/api/guilds/${g.id}/requests/${other.id}/accept`, {
      user_id: asker.id,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toMatch(/leader and officers/);
    const refused = await h.call('POST', `/api/guilds/${g.id}/requests/${other.id}/refuse`, {
      user_id: leader.id,
    });
    expect(refused.status).toBe(200);
    expect(refused.body.requests).toEqual([]);
    expect(
      (await h.call('POST', `/api/guilds/${g.id}/requests/${other.id}/accept`, { user_id: leader.id }))
        .status,
    ).toBe(404);

    // one guild at a time
    const open = (await make(other.id, guildName())).body;
    const twice = await h.call('POST', `/api/guilds/${open.id}/join`, { user_id: asker.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/already in a guild/);
    // leaving: an hour before joining another
    const left = await h.call('POST', `/api/guilds/${g.id}/leave`, { user_id: asker.id });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ left: true, closed: false });
    const tooSoon = await h.call('POST', `/api/guilds/${open.id}/join`, { user_id: asker.id });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error).toMatch(/join another in 60 min/);
    now += HOUR;
    expect((await h.call('POST', `/api/guilds/${open.id}/join`, { user_id: asker.id })).status).toBe(200);
    expect((await h.call('GET', `/api/users/${asker.id}`)).body.guild_id).toBe(open.id);
  });

  it('tells a reader who asked to join that they did, on the guild and in the browse list, until answered', async () => {
    const leader = await newPlayer(h);
    const name = guildName();
    const g = (await make(leader.id, name, 'request')).body;
    const asker = await newPlayer(h);
    const other = await newPlayer(h);
    const row = async (userId?: string) =>
      (
        await h.call('GET', `/api/guilds?query=${name}${userId ? `&user_id=${userId}` : ''}`)
      ).body.guilds.find((x: { id: string }) => x.id === g.id);
    const read = async (userId?: string) =>
      (await h.call('GET', `/api/guilds/${g.id}${userId ? `?user_id=${userId}` : ''}`)).body;
    expect((await read(asker.id)).asked).toBe(false);
    expect((await row(asker.id)).asked).toBe(false);
    expect((await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: asker.id })).status).toBe(202);
    // read again later (a reload): the request is remembered for the one who asked, and only for them
    expect((await read(asker.id)).asked).toBe(true);
    expect((await row(asker.id)).asked).toBe(true);
    expect((await read(other.id)).asked).toBe(false);
    expect((await row(other.id)).asked).toBe(false);
    // without a reader, nothing is said (the answers as before)
    expect(await read()).not.toHaveProperty('asked');
    expect(await row()).not.toHaveProperty('asked');
    // an id that is not one: refused in words
    const bad = await h.call('GET', `/api/guilds?user_id=${encodeURIComponent('a\u0001b')}`);
    expect(bad.status).toBe(400);
    // refused: no longer asked
    await h.call('POST', `/api/guilds/${g.id}/requests/${asker.id}/refuse`, { user_id: leader.id });
    expect((await read(asker.id)).asked).toBe(false);
    expect((await row(asker.id)).asked).toBe(false);
  });

  it(`holds ${GUILD_MAX_MEMBERS} members, when many join at once`, async () => {
    const leader = await newPlayer(h);
    const g = (await make(leader.id, guildName())).body;
    const players = await Promise.all(Array.from({ length: GUILD_MAX_MEMBERS + 4 }, () => newPlayer(h)));
    const answers = await Promise.all(
      players.map((p) => h.call('POST', `/api/guilds/${g.id}/join`, { user_id: p.id })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(GUILD_MAX_MEMBERS - 1);
    const full = answers.filter((a) => a.status === 409);
    expect(full).toHaveLength(5);
    for (const f of full) expect(f.body.error).toMatch(/full/);
    expect((await h.call('GET', `/api/guilds/${g.id}`)).body.members).toHaveLength(GUILD_MAX_MEMBERS);
  });

  it('roles: officers (3 at most) remove members; the leader hands over; the last out closes the guild', async () => {
    const leader = await newPlayer(h);
    const g = (await make(leader.id, guildName())).body;
    const m = await Promise.all(Array.from({ length: 5 }, () => newPlayer(h)));
    for (const p of m) await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: p.id });
    const role = (actor: string, who: string, r: string) =>
      h.call('POST', `/api/guilds/${g.id}/members/${who}/role`, { user_id: actor, role: r });
    expect((await role(m[0].id, m[1].id, 'officer')).status).toBe(403);
    for (const p of m.slice(0, 3)) expect((await role(leader.id, p.id, 'officer')).status).toBe(200);
    const fourth = await role(leader.id, m[3].id, 'officer');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatch(/at most 3 officers/);
    // an officer removes a member, not another officer
    const out = await h.call('POST', `/api/guilds/${g.id}/members/${m[4].id}/remove`, { user_id: m[0].id });
    expect(out.status).toBe(200);
    expect(out.body.members.map((x: { user_id: string }) => x.user_id)).not.toContain(m[4].id);
    expect((await h.call('GET', `/api/users/${m[4].id}`)).body.guild_id).toBeNull();
    const notOfficer = await h.call('POST', `/api/guilds/${g.id}/members/${m[1].id}/remove`, {
      user_id: m[0].id,
    });
    expect(notOfficer.status).toBe(403);
    // the leader hands over to a member; the leader before stays
    const handed = await role(leader.id, m[3].id, 'leader');
    expect(handed.status).toBe(200);
    const roles = Object.fromEntries(
      handed.body.members.map((x: { user_id: string; role: string }) => [x.user_id, x.role]),
    );
    expect(roles[m[3].id]).toBe('leader');
    expect(roles[leader.id]).toBe('member');
    // everyone leaves: the guild closes and its name is free again
    for (const p of [leader, ...m.slice(0, 4)]) {
      const r = await h.call('POST', `/api/guilds/${g.id}/leave`, { user_id: p.id });
      expect(r.status).toBe(200);
      expect(r.body.closed).toBe(p.id === m[3].id);
    }
    expect((await h.call('GET', `/api/guilds/${g.id}`)).status).toBe(404);
    now += HOUR;
    expect((await make((await newPlayer(h)).id, g.name)).status).toBe(201);
  });

  it('a leader not seen for 72 hours hands the guild to the officer seen most recently, at the next read', async () => {
    const leader = await newPlayer(h);
    const g = (await make(leader.id, guildName())).body;
    const [officerOld, officerNew, member] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    for (const p of [officerOld, officerNew, member])
      await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: p.id });
    for (const p of [officerOld, officerNew])
      await h.call('POST', `/api/guilds/${g.id}/members/${p.id}/role`, {
        user_id: leader.id,
        role: 'officer',
      });
    now += 71 * HOUR;
    await h.call('GET', `/api/users/${officerOld.id}`);
    now += HOUR - 2 * 60_000;
    await h.call('GET', `/api/users/${member.id}`);
    await h.call('GET', `/api/users/${officerNew.id}`);
    // 72 h less two minutes since the leader was seen: still the leader
    const before = await h.call('GET', `/api/guilds/${g.id}`);
    expect(before.body.members[0]).toMatchObject({ user_id: leader.id, role: 'leader' });
    now += 3 * 60_000;
    await expect
      .poll(async () => (await h.call('GET', `/api/guilds/${g.id}`)).body.members[0].user_id)
      .toBe(officerNew.id);
    const roles = (await h.call('GET', `/api/guilds/${g.id}`)).body.members.map(
      (x: { user_id: string; role: string }) => [x.user_id, x.role],
    );
    expect(roles).toContainEqual([leader.id, 'member']);
    expect(roles).toContainEqual([officerOld.id, 'officer']);
  });

  it('the board: members only, newest first, plain text kept as written, 10 a minute', async () => {
    const a = await newPlayer(h);
    const g = (await make(a.id, guildName())).body;
    const b = await newPlayer(h);
    await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: b.id });
    const markup = '<script>alert(1)</script><b>hi</b>';
    expect(
      (await h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: a.id, text: 'first' })).status,
    ).toBe(201);
    const sent = await h.call('POST', `/api/guilds/${g.id}/messages`, {
      user_id: b.id,
      text: `  ${markup}  `,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe(markup);
    const read = await h.call('GET', `/api/guilds/${g.id}/messages?user_id=${a.id}`);
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual([markup, 'first']);
    const stranger = await newPlayer(h);
    expect((await h.call('GET', `/api/guilds/${g.id}/messages?user_id=${stranger.id}`)).status).toBe(403);
    expect(
      (await h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: stranger.id, text: 'hi' })).status,
    ).toBe(403);
    for (const text of ['', '   ', 'x'.repeat(301), 'x'.repeat(10_240)]) {
      const r = await h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: a.id, text });
      expect(r.status, `${text.length} characters`).toBe(400);
    }
    // 10 a minute: the 11th of a burst is refused, and the minute after it goes
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: a.id, text: `m${i}` }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(9); // 'first' counted
    expect(burst.filter((r) => r.status === 429)).toHaveLength(3);
    now += 61_000;
    expect(
      (await h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: a.id, text: 'later' })).status,
    ).toBe(201);
  });

  it('reads the guild’s row once to show the guild, and once to show its boss', async () => {
    const a = await newPlayer(h);
    const g = (await make(a.id, guildName())).body;
    // counts the selects whose FROM is the guilds table
    let reads = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && /"name":"guilds"/.test(JSON.stringify(node.from ?? {})))
          reads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await withStore(h, async (db) => {
      const counted = db.withPlugin(counting);
      expect((await readGuild(counted, g.id, a.id)).id).toBe(g.id);
      expect(reads).toBe(1);
      reads = 0;
      expect((await readBoss(counted, { guildId: g.id, userId: a.id })).level).toBe(1);
      expect(reads).toBe(1);
    });
  });

  it('the boss: two attacks a guild day, health falling by each attack’s damage, a kill paid once to each attacker', async () => {
    const a = await newPlayer(h);
    const g = (await make(a.id, guildName())).body;
    const b = await newPlayer(h);
    await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: b.id });
    const [ta, tb] = [await teamOf(a.id), await teamOf(b.id, 2)];
    const boss = await h.call('GET', `/api/guilds/${g.id}/boss?user_id=${a.id}&hero_ids=${ta.join(',')}`);
    expect(boss.status).toBe(200);
    expect(boss.body).toMatchObject({ level: 1, attacks_left: 2, my_damage: 0, week_kills: 0 });
    expect(boss.body.expected_damage).toBeGreaterThan(0);
    // someone else's hero, a stranger
    expect(
      (await h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: a.id, hero_ids: [tb[0]] })).status,
    ).toBe(403);
    const stranger = await newPlayer(h);
    const notMember = await h.call('POST', `/api/guilds/${g.id}/boss/attack`, {
      user_id: stranger.id,
      hero_ids: [(await teamOf(stranger.id, 1))[0]],
    });
    expect(notMember.status).toBe(403);
    expect(notMember.body.error).toMatch(/not a member/);

    let hp = boss.body.hp as number;
    const first = await h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: a.id, hero_ids: ta });
    expect(first.status).toBe(200);
    expect(first.body.damage).toBeGreaterThan(0);
    expect(first.body.hp_after).toBe(hp - first.body.damage);
    hp = first.body.hp_after;
    // the replay plays the attack again: the boss's health in it falls by the damage stated
    const replay = await h.call('GET', `/api/battles/${first.body.battle_id}/replay`);
    expect(replay.status).toBe(200);
    const hits = replay.body.events.filter(
      (e: { target_id?: string; hp_after?: number }) =>
        e.target_id === replay.body.enemies[0].id && e.hp_after !== undefined,
    );
    expect(replay.body.enemies[0].max_hp - hits.at(-1).hp_after).toBe(first.body.damage);
    expect(replay.body.guild_boss).toEqual({ level: 1, damage: first.body.damage, dealt: first.body.damage });
    // paid by its damage, in the ledger
    const paid = (await ledgerEntries(h, a.id, 'guild_attack')).filter((e) => e.currency === 'gold');
    expect(paid.map((e) => Number(e.delta))).toEqual([first.body.rewards.gold]);

    // the second at once from both players: the chain holds
    const [second, third] = await Promise.all([
      h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: a.id, hero_ids: ta }),
      h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: b.id, hero_ids: tb }),
    ]);
    expect([second.status, third.status]).toEqual([200, 200]);
    const chain = [second.body, third.body].sort((x, y) => y.hp_after - x.hp_after || y.damage - x.damage);
    expect(chain[0].hp_after).toBe(hp - chain[0].damage);
    expect(chain[1].hp_after).toBe(chain[0].hp_after - chain[1].damage);
    hp = chain[1].hp_after;
    // a's third attack of the day: refused, nothing changes
    const none = await h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: a.id, hero_ids: ta });
    expect(none.status).toBe(409);
    expect(none.body.error).toMatch(/No attacks left today/);
    expect((await h.call('GET', `/api/guilds/${g.id}`)).body.boss.hp).toBe(hp);

    // the guild's next day (04:00 UTC): attacks are back. The boss nearly felled, b fells it.
    now = Date.UTC(2026, 11, 3, 4, 1);
    await withStore(h, (db) => db.updateTable('guilds').set({ boss_hp: 5 }).where('id', '=', g.id).execute());
    const felled = await h.call('POST', `/api/guilds/${g.id}/boss/attack`, { user_id: b.id, hero_ids: tb });
    expect(felled.status).toBe(200);
    expect(felled.body).toMatchObject({ level: 1, damage: 5, hp_after: 0, killed: true });
    const next = await h.call('GET', `/api/guilds/${g.id}/boss?user_id=${a.id}`);
    expect(next.body).toMatchObject({ level: 2, week_kills: 1 });
    expect(next.body.hp).toBe(next.body.max_hp);
    // each attacker paid the kill once; reading again pays nothing more
    await h.call('GET', `/api/guilds/${g.id}/boss?user_id=${b.id}`);
    for (const p of [a, b]) {
      const kill = (await ledgerEntries(h, p.id, 'guild_kill')).filter((e) => e.currency === 'gold');
      expect(kill, p.id).toHaveLength(1);
    }
    expect(
      (await h.call('GET', '/api/guilds/ranking')).body.guilds.map((x: { id: string }) => x.id),
    ).toContain(g.id);

    // Monday 04:00 UTC: a new week, the first boss again at full health, the week's damage and kills reset
    now = Date.UTC(2026, 11, 7, 4, 0);
    const monday = await h.call('GET', `/api/guilds/${g.id}/boss?user_id=${a.id}`);
    expect(monday.body).toMatchObject({ level: 1, week_kills: 0, my_damage: 0, attacks_left: 2 });
    expect(monday.body.hp).toBe(monday.body.max_hp);
    expect(monday.body.ends_at).toBe(Date.UTC(2026, 11, 14, 4) / 1000);
  });
});
