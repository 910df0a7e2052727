// A full guild of 30 attacking its boss twice each, all at once (60 requests), on SQLite, PostgreSQL, and two
// instances sharing one PostgreSQL: the boss's health falls by exactly the damage the answers state, the answers'
// hp_after form one chain a boss (the one that fells it ending at 0, the next boss starting full), no one gets a
// third attack, the kill reward is paid once to each who attacked the felled boss, and the ledger balances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { bossMaxHp, GUILD_MAX_MEMBERS } from '../../src/game/guild.ts';
import {
  freshDatabase,
  giveHero,
  newPlayer,
  openHarness,
  withStore,
  type DatabaseKind,
  type Harness,
  type TestDatabase,
} from './helpers.ts';

interface Attack {
  status: number;
  body: { level: number; damage: number; hp_after: number; killed: boolean; error?: string };
}

const SETUPS: [string, DatabaseKind, number][] = [
  ['sqlite', 'sqlite', 1],
  ['postgres', 'postgres', 1],
  ['two instances on one postgres', 'postgres', 2],
];

describe.each(SETUPS)('a full guild racing its boss on %s', (_name, kind, instances) => {
  let db: TestDatabase;
  let apps: Harness[] = [];
  beforeAll(async () => {
    db = await freshDatabase(kind);
    for (let i = 0; i < instances; i++) apps.push(await openHarness(db));
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    apps = [];
    await db.drop();
  });

  it('60 attacks at once: one chain of health, two attacks each, the kill paid once to each attacker', async () => {
    const h = apps[0];
    const members = await Promise.all(Array.from({ length: GUILD_MAX_MEMBERS }, () => newPlayer(h)));
    const made = await h.call('POST', '/api/guilds', {
      user_id: members[0].id,
      name: `Race${Math.random().toString(36).slice(2, 8)}`,
      join_policy: 'open',
    });
    expect(made.status).toBe(201);
    const guildId = made.body.id as string;
    for (const m of members.slice(1))
      expect((await h.call('POST', `/api/guilds/${guildId}/join`, { user_id: m.id })).status).toBe(200);
    const teams = new Map<string, string[]>();
    for (const m of members)
      teams.set(m.id, [(await giveHero(h, m.id, 3, 8)).id, (await giveHero(h, m.id, 3, 8)).id]);
    // A boss low enough to fall mid-race, so the race crosses into the next one.
    const start = 4_000;
    await withStore(h, (s) =>
      s.updateTable('guilds').set({ boss_hp: start }).where('id', '=', guildId).execute(),
    );

    const answers = (await Promise.all(
      members.flatMap((m, i) =>
        [0, 1, 2].map((k) =>
          apps[(i + k) % apps.length].call('POST', `/api/guilds/${guildId}/boss/attack`, {
            user_id: m.id,
            hero_ids: teams.get(m.id),
          }),
        ),
      ),
    )) as Attack[];
    const ok = answers.filter((a) => a.status === 200).map((a) => a.body);
    // two each, never a third; every refusal a readable 409 (no attacks left) or a retry-later 409
    expect(ok).toHaveLength(2 * GUILD_MAX_MEMBERS);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.error).toMatch(/No attacks left today/);
    }
    // one chain a boss: level 1 from `start` to 0 (the felling blow), then level 2 from full
    const levels = [...new Set(ok.map((a) => a.level))].sort();
    expect(levels[0]).toBe(1);
    for (const level of levels) {
      // (an attack that dealt nothing leaves the health as the one before it left it: after it in the chain)
      const chain = ok
        .filter((a) => a.level === level)
        .sort((x, y) => y.hp_after - x.hp_after || y.damage - x.damage);
      let hp = level === 1 ? start : bossMaxHp(level);
      for (const a of chain) {
        expect(a.hp_after).toBe(hp - a.damage);
        hp = a.hp_after;
      }
      const felled = chain.filter((a) => a.killed);
      if (level < levels.at(-1)!) expect(felled).toHaveLength(1);
      if (felled.length) expect(felled[0].hp_after).toBe(0);
    }
    const guild = await h.call('GET', `/api/guilds/${guildId}`);
    const lastLevel = levels.at(-1)!;
    const lastChain = ok
      .filter((a) => a.level === lastLevel)
      .sort((x, y) => y.hp_after - x.hp_after || y.damage - x.damage);
    expect(guild.body.boss.level).toBe(lastChain.at(-1)!.killed ? lastLevel + 1 : lastLevel);
    expect(guild.body.boss.hp).toBe(
      lastChain.at(-1)!.killed ? bossMaxHp(lastLevel + 1) : lastChain.at(-1)!.hp_after,
    );
    expect(guild.body.week_kills).toBe(ok.filter((a) => a.killed).length);
    // the members' week damage adds up to the answers'
    const total = guild.body.members.reduce((s: number, m: { week_damage: number }) => s + m.week_damage, 0);
    expect(total).toBe(ok.reduce((s, a) => s + a.damage, 0));

    // the kill of level 1 paid once to each who attacked it (reads by all of them settle any left unpaid)
    for (const m of members)
      await apps[1 % apps.length].call('GET', `/api/guilds/${guildId}/boss?user_id=${m.id}`);
    const rows = await withStore(h, (s) =>
      s.selectFrom('guild_attacks').select(['user_id', 'level']).where('guild_id', '=', guildId).execute(),
    );
    const attackersOf1 = new Set(rows.filter((r) => r.level === 1).map((r) => r.user_id));
    const paid = await withStore(h, (s) =>
      s
        .selectFrom('ledger')
        .select(['user_id', 'ref'])
        .where('reason', '=', 'guild_kill')
        .where('currency', '=', 'gold')
        .execute(),
    );
    const paidFor1 = paid.filter((p) => p.ref!.endsWith(':1')).map((p) => p.user_id);
    expect(paidFor1.sort()).toEqual([...attackersOf1].sort());
    const audit = await withStore(h, (s) => auditLedger(s));
    expect(audit.differences).toEqual([]);
    expect(audit.unchained).toBe(0);
  }, 120_000);
});
