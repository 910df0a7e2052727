// The player's ledger on the real server, on SQLite and PostgreSQL: every path that moves a currency writes its
// entry (reason, ref, delta, balance after) with the change; a refusal writes none; GET /api/users/{id}/ledger
// pages newest first with a cursor and filters by currency; the database refuses a balance moved without its
// entry and any change to an entry; players from before the ledger get opening entries; and after many concurrent
// mixed operations from several clients the audit (function and `npm run audit:ledger`) finds every balance equal
// to the sum of its entries.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionResponse, BattleState } from '../../src/api/battles.ts';
import { BattleResult } from '../../src/api/common.ts';
import { RunBattleResponse, StartRunResponse } from '../../src/api/dungeons.ts';
import { LedgerResponse, type LedgerEntry } from '../../src/api/ledger.ts';
import { CURRENCIES, REROLL_COST, type Currency } from '../../src/api/rules.ts';
import { STARTING_BALANCES } from '../../src/api/users.ts';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { openStore } from '../../src/server/store/db.ts';
import { migrate, migrationsFor } from '../../src/server/store/migrations.ts';
import {
  DATABASES,
  freshDatabase,
  newPlayer,
  setBalances,
  setHeroPower,
  startHarness,
  summonHero,
  withStore,
  type Harness,
} from './helpers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are parsed by their schemas where it matters */
type Answer = { status: number; body: any };
/** Rounds of the mixed load: each fires 13 calls per player at once (LEDGER_ROUNDS to run more). */
const ROUNDS = Number(process.env.LEDGER_ROUNDS ?? 6);

describe.each(DATABASES)('the ledger on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // Fights wait for room in the odds queue rather than being refused: the mixed load below fires many at once.
    h = await startHarness(kind, { oddsWaitMs: 120_000 });
  });
  afterAll(async () => h?.close());

  const ledger = async (userId: string, query = ''): Promise<LedgerEntry[]> => {
    const r = await h.call('GET', `/api/users/${userId}/ledger${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return LedgerResponse.parse(r.body).entries;
  };
  /** Every entry of the player, newest first, walking the pages. */
  const allEntries = async (userId: string, limit = 100) => {
    const out: LedgerEntry[] = [];
    let cursor: string | null = null;
    do {
      const r: Answer = await h.call(
        'GET',
        `/api/users/${userId}/ledger?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.status).toBe(200);
      const page = LedgerResponse.parse(r.body);
      out.push(...page.entries);
      cursor = page.next_cursor;
    } while (cursor);
    return out;
  };
  const balances = async (id: string) => (await h.call('GET', `/api/users/${id}`)).body;
  /** The entries written since `before` (a newest-first list read earlier), oldest first. */
  const since = async (userId: string, before: LedgerEntry[]) => {
    const known = new Set(before.map((e) => e.id));
    return (await allEntries(userId)).filter((e) => !known.has(e.id)).reverse();
  };
  const audit = () => withStore(h, (db) => auditLedger(db));

  it('a new account’s starting grant is entered, one entry per currency it holds', async () => {
    const p = await newPlayer(h);
    const entries = await ledger(p.id);
    const held = CURRENCIES.filter((c) => STARTING_BALANCES[c] > 0);
    expect(entries).toHaveLength(held.length);
    for (const c of held)
      expect(entries.find((e) => e.currency === c)).toMatchObject({
        delta: STARTING_BALANCES[c],
        balance_after: STARTING_BALANCES[c],
        reason: 'start_grant',
        ref: null,
        subject: null,
      });
  });

  it('summon, reroll, purchase and item use each write their entry, naming what caused it', async () => {
    const p = await newPlayer(h);
    let before = await allEntries(p.id);
    const generation_id = `gen_${randomBytes(8).toString('hex')}`;
    const [a, b] = await Promise.all([
      h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id }),
      h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // One scroll for the pair: one entry, whose link waits for the hero that is kept.
    let added = await since(p.id, before);
    expect(added).toMatchObject([
      { currency: 'summoning_scrolls', delta: -1, balance_after: 4, reason: 'summon', ref: generation_id },
    ]);
    expect(added[0]!.subject).toBeNull();
    const kept = await h.call('POST', '/api/heroes', { user_id: p.id, character_data: a.body });
    expect(kept.status).toBe(201);
    expect((await ledger(p.id))[0]).toMatchObject({
      reason: 'summon',
      subject: { kind: 'hero', id: kept.body.id, name: kept.body.name },
    });

    before = await allEntries(p.id);
    const rerolled = await h.call('POST', `/api/heroes/${kept.body.id}/reroll-abilities`, { user_id: p.id });
    expect(rerolled.status).toBe(200);
    expect(await since(p.id, before)).toMatchObject([
      {
        currency: 'magic_essence',
        delta: -REROLL_COST,
        balance_after: rerolled.body.user.magic_essence,
        reason: 'reroll',
        ref: kept.body.id,
        subject: { kind: 'hero', id: kept.body.id, name: kept.body.name },
      },
    ]);

    before = await allEntries(p.id);
    const bought = await h.call('POST', '/api/shop/purchase', {
      user_id: p.id,
      item_id: 'flask_of_essence',
      quantity: 1,
    });
    expect(bought.status).toBe(200);
    expect(await since(p.id, before)).toMatchObject([
      {
        currency: 'gold',
        delta: -150,
        balance_after: bought.body.remaining_gold,
        reason: 'purchase',
        ref: 'flask_of_essence',
        subject: { kind: 'item', id: 'flask_of_essence', name: 'Flask of Essence' },
      },
    ]);

    before = await allEntries(p.id);
    const used = await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'flask_of_essence' });
    expect(used.status).toBe(200);
    added = await since(p.id, before);
    expect(added).toMatchObject([
      {
        currency: 'magic_essence',
        delta: 50,
        balance_after: used.body.user.magic_essence,
        reason: 'item_use',
        ref: 'flask_of_essence',
        subject: { kind: 'item', name: 'Flask of Essence' },
      },
    ]);
    // An item that moves no currency (xp for a hero) writes nothing.
    await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'draught_of_insight', quantity: 1 });
    before = await allEntries(p.id);
    const drunk = await h.call('POST', '/api/inventory/use', {
      user_id: p.id,
      item_id: 'draught_of_insight',
      hero_id: kept.body.id,
    });
    expect(drunk.status).toBe(200);
    expect(await since(p.id, before)).toEqual([]);
    expect((await audit()).differences.filter((d) => d.user_id === p.id)).toEqual([]);
  });

  it('refusals write no entry: a purchase, a reroll, a summon the player cannot pay for', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    await setBalances(h, p.id, { gold: 10, magic_essence: 0, summoning_scrolls: 0 });
    const before = await allEntries(p.id);
    const refused = await Promise.all([
      h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'flask_of_essence', quantity: 1 }),
      h.call('POST', `/api/heroes/${hero.id}/reroll-abilities`, { user_id: p.id }),
      h.call('POST', '/api/characters/generate', {
        user_id: p.id,
        generation_id: `gen_${randomBytes(8).toString('hex')}`,
      }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await since(p.id, before)).toEqual([]);
    // The adjustment that arranged it is entered too.
    expect(before.slice(0, 3).map((e) => e.reason)).toEqual(['adjustment', 'adjustment', 'adjustment']);
  });

  it('fights enter their rewards: quick battle, turn-based, arena, and each dungeon floor with the clear bonus apart', async () => {
    const p = await newPlayer(h);
    const a = await summonHero(h, p.id);
    const b = await summonHero(h, p.id);
    await setHeroPower(h, a.id, 'mighty');
    await setHeroPower(h, b.id, 'mighty');
    /** The entries since `before` match the fight's rewards under `reason`, its battle linked. */
    const expectPaid = async (before: LedgerEntry[], r: BattleResult, reasons: string[]) => {
      const added = await since(p.id, before);
      expect(new Set(added.map((e) => e.reason))).toEqual(new Set(reasons));
      const sums = Object.fromEntries(
        (['gold', 'magic_essence', 'combat_tokens'] as Currency[]).map((c) => [
          c,
          added.filter((e) => e.currency === c).reduce((n, e) => n + e.delta, 0),
        ]),
      );
      expect(sums).toEqual({
        gold: r.rewards.gold,
        magic_essence: r.rewards.magic_essence,
        combat_tokens: r.rewards.combat_tokens,
      });
      for (const e of added) {
        expect(e.ref).toBe(r.battle_id);
        expect(e.subject).toEqual({ kind: 'battle', id: r.battle_id, name: r.location });
      }
      const last = new Map(added.map((e) => [e.currency, e.balance_after]));
      const user = r.user ?? (await balances(p.id));
      for (const [c, after] of last) expect(after).toBe(user[c]);
    };

    let before = await allEntries(p.id);
    const quick = await h.call('POST', '/api/battles', {
      user_id: p.id,
      team_hero_ids: [a.id],
      mode: 'auto',
    });
    expect(quick.status).toBe(201);
    expect(quick.body.status).toBe('won');
    await expectPaid(before, quick.body, ['battle_reward']);

    before = await allEntries(p.id);
    const started = await h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a.id] });
    expect(started.status).toBe(201);
    let state = BattleState.parse(started.body);
    if (state.status === 'active') {
      const r = await h.call('POST', `/api/battles/${state.battle_id}/action`, { user_id: p.id, auto: true });
      expect(r.status).toBe(200);
      state = ActionResponse.parse(r.body);
    }
    expect(state.status).toBe('won');
    await expectPaid(
      before,
      { ...state, battle_id: state.battle_id, location: state.location, rewards: state.rewards! } as never,
      ['battle_reward'],
    );

    before = await allEntries(p.id);
    const duel = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: a.id,
      opponent_id: 'npc_void_archon',
    });
    expect(duel.status).toBe(200);
    expect(duel.body.status).toBe('won');
    await expectPaid(before, duel.body, ['arena_reward']);

    const run = StartRunResponse.parse(
      (
        await h.call('POST', '/api/dungeons/sunken_mines/start', {
          user_id: p.id,
          team_hero_ids: [a.id, b.id],
          abandon_active: true,
        })
      ).body,
    );
    for (let floor = 1; floor <= run.floors; floor++) {
      before = await allEntries(p.id);
      const f = await h.call('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id, floor });
      expect(f.status).toBe(200);
      const result = RunBattleResponse.parse(f.body);
      expect(result.status).toBe('won');
      await expectPaid(
        before,
        result,
        floor === run.floors ? ['dungeon_reward', 'dungeon_clear'] : ['dungeon_reward'],
      );
    }
    expect((await audit()).differences.filter((d) => d.user_id === p.id)).toEqual([]);
  });

  it('pages newest first with an opaque cursor, filters by currency, bounds the limit', async () => {
    const p = await newPlayer(h);
    await setBalances(h, p.id, { gold: 5000 });
    for (let i = 0; i < 7; i++)
      expect(
        (
          await h.call('POST', '/api/shop/purchase', {
            user_id: p.id,
            item_id: i % 2 ? 'draught_of_insight' : 'flask_of_essence',
            quantity: 1,
          })
        ).status,
      ).toBe(200);
    await h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'flask_of_essence' });
    const all = await allEntries(p.id);
    // start grant (3) + adjustment + 7 purchases + 1 item use
    expect(all).toHaveLength(12);
    expect(all.map((e) => e.reason).slice(0, 2)).toEqual(['item_use', 'purchase']);
    expect(all.at(-1)!.reason).toBe('start_grant');
    const ids = all.map((e) => BigInt(e.id));
    expect([...ids].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0))).toEqual(ids);
    expect(all.filter((e) => e.created_at > 0)).toHaveLength(12);

    // Small pages walk the same entries, each once, in the same order.
    expect((await allEntries(p.id, 5)).map((e) => e.id)).toEqual(all.map((e) => e.id));
    const first = await h.call('GET', `/api/users/${p.id}/ledger?limit=5`);
    expect(first.body.entries).toHaveLength(5);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const last = await h.call('GET', `/api/users/${p.id}/ledger?limit=12`);
    expect(last.body.next_cursor).toBeNull();
    expect((await ledger(p.id)).length).toBe(12); // default 20

    const gold = await allEntries(p.id, 3);
    const goldOnly = (await h.call('GET', `/api/users/${p.id}/ledger?currency=gold&limit=100`)).body.entries;
    expect(goldOnly.map((e: LedgerEntry) => e.id)).toEqual(
      gold.filter((e) => e.currency === 'gold').map((e) => e.id),
    );
    // The gold entries chain: each states the balance after it, the sum of those before.
    let running = 0;
    for (const e of [...goldOnly].reverse()) {
      running += e.delta;
      expect(e.balance_after).toBe(running);
    }
    expect(running).toBe((await balances(p.id)).gold);
    const essence = await h.call('GET', `/api/users/${p.id}/ledger?currency=magic_essence&limit=1`);
    expect(essence.body.entries).toMatchObject([{ currency: 'magic_essence', reason: 'item_use' }]);
    const next = await h.call(
      'GET',
      `/api/users/${p.id}/ledger?currency=magic_essence&limit=1&cursor=${essence.body.next_cursor}`,
    );
    expect(next.body.entries).toMatchObject([{ currency: 'magic_essence', reason: 'start_grant' }]);
    expect(next.body.next_cursor).toBeNull();
    const tokens = await h.call('GET', `/api/users/${p.id}/ledger?currency=combat_tokens`);
    expect(tokens).toEqual({ status: 200, body: { entries: [], next_cursor: null } });
  });

  it('answers bad input with a clear 400 and an unknown player with 404, never a 5xx', async () => {
    const p = await newPlayer(h);
    const base = `/api/users/${p.id}/ledger`;
    const refused: [string, number, RegExp][] = [
      [`${base}?limit=0`, 400, /limit/],
      [`${base}?limit=101`, 400, /limit/],
      [`${base}?limit=abc`, 400, /limit/],
      [`${base}?limit=2.5`, 400, /limit/],
      [`${base}?currency=diamonds`, 400, /currency.*gold, magic_essence, summoning_scrolls, combat_tokens/],
      [`${base}?cursor=${Buffer.from('b.12').toString('base64url')}`, 400, /not a cursor this server gave/],
      [`${base}?cursor=${Buffer.from('l.12x').toString('base64url')}`, 400, /not a cursor this server gave/],
      [`${base}?cursor=not%20base64`, 400, /not a cursor this server gave/],
      [`${base}?cursor=${'A'.repeat(101)}`, 400, /cursor/],
      ['/api/users/u_nobody/ledger', 404, /User not found/],
      [`/api/users/${'x'.repeat(65)}/ledger`, 400, /not a valid id/],
      ['/api/users/%00/ledger', 400, /not a valid id/],
    ];
    for (const [url, status, error] of refused) {
      const r = await h.call('GET', url);
      expect(r.status, url).toBe(status);
      expect(r.body.error, url).toMatch(error);
    }
    // A cursor of another page (any server-given cursor) is fine on an unknown player: still a 404.
    const cursor = Buffer.from('[99]').toString('base64url');
    expect((await h.call('GET', `/api/users/u_nobody/ledger?cursor=${cursor}`)).status).toBe(404);
  });

  it('the database refuses a balance moved without its entry, and any change to an entry', async () => {
    const p = await newPlayer(h);
    await withStore(h, async (db) => {
      await expect(
        db.updateTable('users').set({ gold: 501 }).where('id', '=', p.id).execute(),
      ).rejects.toThrow(/without its ledger entry/);
      await expect(
        db
          .insertInto('users')
          .values({
            id: 'u_rogue',
            username: 'rogue',
            username_key: 'rogue',
            gold: 1000,
            magic_essence: 0,
            summoning_scrolls: 0,
            combat_tokens: 0,
            created_at: 1,
          })
          .execute(),
      ).rejects.toThrow(/without its ledger entry/);
      // Other columns of the player's row stay free to change.
      await db.updateTable('users').set({ pending_generation_id: null }).where('id', '=', p.id).execute();
      await expect(
        db.updateTable('ledger').set({ delta: 1000 }).where('user_id', '=', p.id).execute(),
      ).rejects.toThrow(/never changed or deleted/);
      await expect(db.deleteFrom('ledger').where('user_id', '=', p.id).execute()).rejects.toThrow(
        /never changed or deleted/,
      );
    });
    expect((await balances(p.id)).gold).toBe(500);
    expect(await ledger(p.id)).toHaveLength(3);
  });

  it(
    'many concurrent mixed operations from several clients leave every balance equal to its entries',
    { timeout: 600_000 },
    async () => {
      const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer(h, 'mix')));
      const heroes: Record<string, string[]> = {};
      for (const p of players) {
        await setBalances(h, p.id, { gold: 20_000, magic_essence: 2_000, summoning_scrolls: 40 });
        heroes[p.id] = [(await summonHero(h, p.id)).id, (await summonHero(h, p.id)).id];
      }
      await setHeroPower(h, heroes[players[0]!.id]![0]!, 'mighty');
      const answers: Answer[] = [];
      const record = (calls: Promise<Answer>[]) =>
        Promise.all(calls).then((rs) => {
          answers.push(...rs);
          return rs;
        });
      for (let round = 0; round < ROUNDS; round++) {
        // Each player starts a dungeon run this round; its floors are then fought alongside everything else.
        const runs = await Promise.all(
          players.map((p) =>
            h.call('POST', '/api/dungeons/sunken_mines/start', {
              user_id: p.id,
              team_hero_ids: heroes[p.id],
              abandon_active: true,
            }),
          ),
        );
        await record(
          players.flatMap((p, i) => {
            const [a, b] = heroes[p.id]!;
            const rival = heroes[players[(i + 1) % players.length]!.id]![0]!;
            const generation_id = `gen_${randomBytes(8).toString('hex')}`;
            const runId = runs[i]!.body.id as string;
            return [
              h.call('POST', '/api/users', { username: `mix_${randomBytes(5).toString('hex')}` }),
              h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id }),
              h.call('POST', '/api/characters/generate', { user_id: p.id, generation_id }),
              h.call('POST', `/api/heroes/${b}/reroll-abilities`, { user_id: p.id }),
              h.call('POST', '/api/shop/purchase', {
                user_id: p.id,
                item_id: 'flask_of_essence',
                quantity: 1,
              }),
              h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'summoners_seal', quantity: 1 }),
              h.call('POST', '/api/shop/purchase', {
                user_id: p.id,
                item_id: 'draught_of_insight',
                quantity: 1,
              }),
              h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'flask_of_essence' }),
              h.call('POST', '/api/inventory/use', { user_id: p.id, item_id: 'summoners_seal' }),
              h.call('POST', '/api/battles', { user_id: p.id, team_hero_ids: [a], mode: 'auto' }),
              h.call('POST', '/api/arena/battle', { user_id: p.id, attacker_hero_id: a, opponent_id: rival }),
              h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id }),
              h.call('POST', `/api/dungeon-runs/${runId}/battle`, { user_id: p.id }),
            ];
          }),
        );
        // Keep a hero of each pending pair, racing the next round's purchases.
        await record(
          players.map(async (p) => {
            const pending = await h.call('GET', `/api/characters/pending?user_id=${p.id}`);
            const candidate = pending.body.candidates?.[0];
            if (!candidate) return { status: 200, body: null };
            return h.call('POST', '/api/heroes', { user_id: p.id, character_data: candidate });
          }),
        );
      }
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
        if (a.status >= 400) expect(typeof a.body.error).toBe('string');
      }
      // Enough of them landed to matter: purchases, fights, summons.
      expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(players.length * ROUNDS * 8);
      const result = await audit();
      expect(result.differences).toEqual([]);
      expect(result.unchained).toBe(0);
      expect(result.players).toBeGreaterThanOrEqual(players.length * 4);
      const reasons = new Set(
        (await Promise.all(players.map((p) => allEntries(p.id)))).flat().map((e) => e.reason),
      );
      for (const r of ['summon', 'reroll', 'purchase', 'item_use', 'battle_reward', 'dungeon_reward'])
        expect(reasons, r).toContain(r);
    },
  );

  it('npm run audit:ledger exits 0 on a sound database, and 1 naming the player whose balance differs', async () => {
    const cli = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-ledger.ts'], {
        env: { ...process.env, DATABASE_URL: h.db.url },
        encoding: 'utf8',
      });
    const sound = cli();
    expect(sound.status, sound.stderr).toBe(0);
    expect(sound.stdout).toMatch(/\d+ players, \d+ entries — every balance equals the sum of its entries/);

    // An entry written behind the wallet's back (the database lets entries in; only the audit can tell).
    const p = await newPlayer(h, 'off');
    await withStore(h, (db) =>
      db
        .insertInto('ledger')
        .values({
          user_id: p.id,
          currency: 'gold',
          delta: 7,
          balance_after: 507,
          reason: 'adjustment',
          ref: null,
          created_at: 1,
        })
        .execute(),
    );
    const found = await audit();
    expect(found.differences).toEqual([
      { user_id: p.id, username: p.username, currency: 'gold', balance: 500, entered: 507 },
    ]);
    const off = cli();
    expect(off.status).toBe(1);
    expect(off.stdout).toContain(`${p.id} (${p.username}) gold: balance 500, entries sum to 507 (off by -7)`);
    expect(off.stdout).toMatch(/1 of \d+ players differ from their entries/);
  });
});

describe.each(DATABASES)('players from before the ledger, on %s', (kind) => {
  it('get an opening entry per currency they hold, so the audit holds on an old database', async () => {
    const db = await freshDatabase(kind);
    const store = openStore(db.url, { poolSize: 1 });
    try {
      const all = migrationsFor(store.dialect);
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0010'));
      const { error } = await new Migrator({
        db: store.db,
        provider: { getMigrations: async () => before },
      }).migrateToLatest();
      expect(error).toBeUndefined();
      const old = { username_key: '', created_at: 1 };
      await store.db
        .insertInto('users')
        .values([
          {
            ...old,
            id: 'u_rich',
            username: 'rich',
            username_key: 'rich',
            gold: 1234,
            magic_essence: 56,
            summoning_scrolls: 0,
            combat_tokens: 9,
          },
          {
            ...old,
            id: 'u_poor',
            username: 'poor',
            username_key: 'poor',
            gold: 0,
            magic_essence: 0,
            summoning_scrolls: 0,
            combat_tokens: 0,
          },
        ])
        .execute();
      await migrate(store.db, store.dialect);
      const entries = await store.db.selectFrom('ledger').selectAll().orderBy('id').execute();
      expect(
        entries.map(({ user_id, currency, delta, balance_after, reason, ref }) => ({
          user_id,
          currency,
          delta,
          balance_after,
          reason,
          ref,
        })),
      ).toEqual([
        {
          user_id: 'u_rich',
          currency: 'gold',
          delta: 1234,
          balance_after: 1234,
          reason: 'opening_balance',
          ref: null,
        },
        {
          user_id: 'u_rich',
          currency: 'magic_essence',
          delta: 56,
          balance_after: 56,
          reason: 'opening_balance',
          ref: null,
        },
        {
          user_id: 'u_rich',
          currency: 'combat_tokens',
          delta: 9,
          balance_after: 9,
          reason: 'opening_balance',
          ref: null,
        },
      ]);
      expect(await auditLedger(store.db)).toEqual({ players: 2, entries: 3, differences: [], unchained: 0 });
      // From now on their balances move only with an entry.
      await expect(
        store.db.updateTable('users').set({ gold: 0 }).where('id', '=', 'u_rich').execute(),
      ).rejects.toThrow(/without its ledger entry/);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
