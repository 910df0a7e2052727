// The route table, walked: every /api route that acts for a player (as the guard reads it, player-guard.ts — a
// new route is in the walk the moment it is registered), called for a locked player with no session, with another
// player's session, with an expired and with a signed-out session: 401 or 403 in the same words everywhere, and
// nothing of that player's changed. Public reads stay public; an unlocked player's requests are never asked for a
// session; the locked player's own session plays as before.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_MESSAGES } from '../../src/api/passkeys.ts';
import type { ActsFor, PlayerField, PlayerRoute } from '../../src/server/accounts/player-guard.ts';
import type { Database } from '../../src/server/store/tables.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';
import { lockAccount, send, signIn } from './software-authenticator.ts';

/** Tables holding a player's own records (user_id), read whole before and after the walk. */
const PLAYER_TABLES = [
  'heroes',
  'generations',
  'candidates',
  'inventory',
  'dungeon_runs',
  'battles',
  'next_encounters',
  'ledger',
  'arena_wins',
  'daily_progress',
  'claims',
  'summon_pity',
  'summon_history',
  'passkeys',
  'webauthn_challenges',
  'hero_gear',
  'ascension_spends',
] as const satisfies readonly (keyof Database)[];

/** Routes that act for a player and must never be public (a route that went public by mistake fails here). */
const MUST_GUARD = [
  'GET /api/users/:id',
  'PATCH /api/users/:id',
  'GET /api/users/:id/ledger',
  'GET /api/users/:id/battles',
  'POST /api/characters/generate',
  'GET /api/characters/pending',
  'POST /api/heroes',
  'DELETE /api/heroes/:heroId',
  'POST /api/heroes/:heroId/reroll-abilities',
  'GET /api/heroes/:heroId/ascension',
  'POST /api/heroes/:heroId/ascend',
  'POST /api/heroes/:heroId/ascension/reset',
  'POST /api/heroes/:heroId/gear',
  'DELETE /api/heroes/:heroId/gear/:slot',
  'POST /api/battles',
  'GET /api/battles/active',
  'GET /api/battles/:battleId',
  'POST /api/battles/:battleId/action',
  'POST /api/arena/battle',
  'POST /api/dungeons/:dungeonId/start',
  'GET /api/dungeon-runs/active',
  'GET /api/dungeon-runs/:runId',
  'POST /api/dungeon-runs/:runId/battle',
  'GET /api/odds',
  'POST /api/shop/purchase',
  'GET /api/inventory',
  'POST /api/inventory/use',
  'GET /api/summons',
  'GET /api/daily',
  'POST /api/daily/claim',
  'GET /api/users/:id/passkeys',
  'POST /api/users/:id/passkeys/options',
  'POST /api/users/:id/passkeys',
  'DELETE /api/users/:id/passkeys/:passkeyId',
  'POST /api/users/:id/unlock',
  'DELETE /api/users/:id/sessions',
  'GET /api/heroes/:heroId/ascension',
  'POST /api/heroes/:heroId/ascend',
  'POST /api/heroes/:heroId/ascension/reset',
  'POST /api/heroes/:heroId/gear',
  'DELETE /api/heroes/:heroId/gear/:slot',
  'GET /api/campaign',
  'POST /api/campaign/stages/:stageId/battle',
  'GET /api/idle',
  'POST /api/idle/claim',
];
/** Public reads: shown to everyone, locked or not. (A replay is too; with user_id it counts toward that player's daily
 * quest, so that is acting for them: the walk covers it, and a replay without user_id is read below.) */
const MUST_STAY_PUBLIC = [
  'GET /api/users',
  'GET /api/heroes',
  'GET /api/heroes/browse/all',
  'GET /api/heroes/:heroId',
  'GET /api/npcs',
  'GET /api/arena/leaderboard',
  'GET /api/fairness',
  'GET /api/shop',
  'GET /api/dungeons',
];

/** The operator's console: operators only, whatever player they name. */
const MUST_BE_OPERATORS = [
  'GET /api/admin/players',
  'GET /api/admin/players/:id',
  'POST /api/admin/players/:id/grant',
  'POST /api/admin/players/:id/take',
  'POST /api/admin/players/:id/suspend',
  'POST /api/admin/players/:id/restore',
  'GET /api/admin/audit',
];

interface Things {
  player: string;
  finished: string;
  battle: string;
  run: string;
  hero: string;
}

/** A request acting for `target` on `route`: its player fields name `named`, its things are the target's. */
function requestFor(route: PlayerRoute, named: string, things: Things) {
  const acts = route.actsFor as Exclude<ActsFor, 'public' | 'operator'>;
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  const body: Record<string, string> = {};
  const put = (field: PlayerField, value: string) => {
    const [part, name] = field.split('.') as ['params' | 'query' | 'body', string];
    ({ params, query, body })[part][name] = value;
  };
  for (const f of acts) {
    if (typeof f === 'string') put(f, named);
    else put(f.of, things[f.owner]);
  }
  const url =
    route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x_none')) +
    (Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return { url, body: hasBody ? body : undefined };
}

async function snapshot(h: Harness, userId: string): Promise<string> {
  return withStore(h, async (db) => {
    const out: Record<string, unknown> = {
      user: await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
      sessions: (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute())
        .map((r) => r.id)
        .sort(),
    };
    for (const t of PLAYER_TABLES) {
      const rows = await db.selectFrom(t).selectAll().where('user_id', '=', userId).execute();
      out[t] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return JSON.stringify(out);
  });
}

describe.each(DATABASES)('locked accounts on %s', (kind) => {
  let h: Harness;
  let routes: PlayerRoute[];
  let guarded: PlayerRoute[];
  const victim = {} as Things & { cookie: string; passkey: Parameters<typeof signIn>[2] };
  let attackerCookie: string;
  let expiredCookie: string;
  let revokedCookie: string;
  let open: Things;

  /** A player with a hero, an active dungeon run, a turn-based battle on and a finished fight. */
  async function playerWithThings(prefix: string): Promise<Things> {
    const p = await newPlayer(h, prefix);
    const hero = await summonHero(h, p.id);
    const dungeons = await send(h, 'GET', '/api/dungeons');
    const run = await send(h, 'POST', `/api/dungeons/${dungeons.body[0].id}/start`, {
      body: { user_id: p.id, team_hero_ids: [hero.id], abandon_active: true },
    });
    expect(run.status).toBe(201);
    const battle = await send(h, 'POST', '/api/battles', {
      body: { user_id: p.id, team_hero_ids: [hero.id], mode: 'turn_based' },
    });
    expect(battle.status).toBe(201);
    const quick = await send(h, 'POST', '/api/battles', {
      body: { user_id: p.id, team_hero_ids: [hero.id], mode: 'auto' },
    });
    expect(quick.status).toBe(201);
    return {
      player: p.id,
      hero: hero.id,
      run: run.body.id,
      battle: battle.body.battle_id,
      finished: quick.body.battle_id,
    };
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    routes = h.app.playerRoutes;
    guarded = routes.filter((r) => r.actsFor !== 'public' && r.actsFor !== 'operator');
    Object.assign(victim, await playerWithThings('vic'));
    const locked = await lockAccount(h, victim.player);
    victim.cookie = locked.cookie!;
    victim.passkey = locked.passkey;
    const attacker = await newPlayer(h, 'att');
    attackerCookie = (await lockAccount(h, attacker.id)).cookie!;
    expiredCookie = await signIn(h, victim.player, victim.passkey);
    const hash = createHash('sha256').update(expiredCookie.split('=')[1]).digest('hex');
    await withStore(h, (db) =>
      db.updateTable('sessions').set({ expires_at: 1 }).where('id', '=', hash).execute(),
    );
    revokedCookie = await signIn(h, victim.player, victim.passkey);
    expect((await send(h, 'DELETE', '/api/session', { cookie: revokedCookie })).status).toBe(200);
    open = await playerWithThings('opn');
  }, 120_000);
  afterAll(async () => h?.close());

  it('reads every route’s player from its declaration, and keeps the private ones private', () => {
    const key = (r: PlayerRoute) => `${r.method} ${r.url}`;
    const guardedKeys = new Set(guarded.map(key));
    for (const k of MUST_GUARD) expect(guardedKeys, k).toContain(k);
    const publicKeys = new Set(routes.filter((r) => r.actsFor === 'public').map(key));
    for (const k of MUST_STAY_PUBLIC) expect(publicKeys, k).toContain(k);
    // The operator's console acts for no player: its every route is the operator's (tests/api/admin.test.ts).
    const operatorKeys = new Set(routes.filter((r) => r.actsFor === 'operator').map(key));
    for (const k of MUST_BE_OPERATORS) expect(operatorKeys, k).toContain(k);
    expect([...operatorKeys].filter((k) => !k.includes(' /api/admin/'))).toEqual([]);
    expect(routes.length).toBe(guardedKeys.size + publicKeys.size + operatorKeys.size);
  });

  it('answers every route acting for a locked player 401 without its session, 403 with another’s, changing nothing', async () => {
    const before = await snapshot(h, victim.player);
    const cases = [
      { cookie: null, status: 401, error: LOCK_MESSAGES.signIn, what: 'no session' },
      {
        cookie: attackerCookie,
        status: 403,
        error: LOCK_MESSAGES.otherPlayer,
        what: "another player's session",
      },
      { cookie: expiredCookie, status: 401, error: LOCK_MESSAGES.signIn, what: 'an expired session' },
      { cookie: revokedCookie, status: 401, error: LOCK_MESSAGES.signIn, what: 'a signed-out session' },
    ];
    let calls = 0;
    for (const route of guarded) {
      // the player's fields naming the victim; and, where the route reaches a thing, naming the open player while
      // the thing is the victim's (the owner decides)
      const named = [victim.player];
      if ((route.actsFor as Exclude<ActsFor, 'public' | 'operator'>).some((f) => typeof f !== 'string'))
        named.push(open.player);
      for (const who of named)
        for (const c of cases) {
          const { url, body } = requestFor(route, who, victim);
          const r = await send(h, route.method, url, { cookie: c.cookie, body });
          expect({ route: `${route.method} ${url} (${c.what})`, status: r.status, body: r.body }).toEqual({
            route: `${route.method} ${url} (${c.what})`,
            status: c.status,
            body: { error: c.error },
          });
          calls++;
        }
    }
    expect(calls).toBeGreaterThanOrEqual(MUST_GUARD.length * 4);
    expect(await snapshot(h, victim.player)).toBe(before);
  }, 120_000);

  it('asks an unlocked player for nothing: no route answers them as locked', async () => {
    for (const route of guarded) {
      const { url, body } = requestFor(route, open.player, open);
      const r = await send(h, route.method, url, { body });
      expect({ route: `${route.method} ${url}`, status: r.status }).not.toEqual({
        route: `${route.method} ${url}`,
        status: 401,
      });
      expect(Object.values(LOCK_MESSAGES)).not.toContain(r.body?.error);
    }
  }, 120_000);

  it('holds a lock written by another connection at once, after reads that found the account open', async () => {
    const p = await newPlayer(h, 'late');
    const reads = [`/api/users/${p.id}`, `/api/inventory?user_id=${p.id}`, `/api/users/${p.id}/ledger`];
    const statuses = async () => Promise.all(reads.map(async (url) => (await send(h, 'GET', url)).status));
    expect(await statuses()).toEqual([200, 200, 200]);
    expect(await statuses()).toEqual([200, 200, 200]);
    const setLocked = (locked: 0 | 1) =>
      withStore(h, (db) => db.updateTable('users').set({ locked }).where('id', '=', p.id).execute());
    await setLocked(1);
    expect(await statuses()).toEqual([401, 401, 401]);
    await setLocked(0);
    expect(await statuses()).toEqual([200, 200, 200]);
  });
  it('keeps public reads public for a locked player', async () => {
    for (const url of [
      '/api/users',
      `/api/heroes?user_id=${victim.player}`,
      `/api/heroes/${victim.hero}`,
      '/api/heroes/browse/all',
      `/api/arena/leaderboard?user_id=${victim.player}`,
      '/api/fairness',
      `/api/battles/${victim.finished}/replay`,
    ])
      expect((await send(h, 'GET', url)).status, url).toBe(200);
  });

  it('answers a HEAD like its GET', async () => {
    for (const url of [`/api/users/${victim.player}`, `/api/inventory?user_id=${victim.player}`])
      expect((await send(h, 'HEAD', url)).status, url).toBe(401);
  });

  it('lets the locked player’s own session play', async () => {
    const { cookie } = victim;
    expect((await send(h, 'GET', `/api/users/${victim.player}`, { cookie })).status).toBe(200);
    expect((await send(h, 'GET', `/api/battles/${victim.battle}`, { cookie })).status).toBe(200);
    expect((await send(h, 'GET', `/api/dungeon-runs/${victim.run}`, { cookie })).status).toBe(200);
    const shop = await send(h, 'GET', '/api/shop');
    const item = shop.body.find((i: { currency: string }) => i.currency === 'gold');
    const bought = await send(h, 'POST', '/api/shop/purchase', {
      cookie,
      body: { user_id: victim.player, item_id: item.id, quantity: 1 },
    });
    expect(bought.status).toBe(200);
  });
});

describe('a route that declares nothing', () => {
  it('acts for the user_id its schema takes, wherever it is; with none it is public', async () => {
    const { z } = await import('zod');
    const { inferActsFor } = await import('../../src/server/accounts/player-guard.ts');
    const body = z.object({ user_id: z.string(), chapter: z.string() });
    expect(inferActsFor('/api/campaign/fight', { body })).toEqual(['body.user_id']);
    expect(inferActsFor('/api/gear', { querystring: z.object({ user_id: z.string() }).optional() })).toEqual([
      'query.user_id',
    ]);
    expect(inferActsFor('/api/users/:id/gear', { params: z.object({ id: z.string() }) })).toEqual([
      'params.id',
    ]);
    expect(inferActsFor('/api/campaign/chapters', { querystring: z.object({ limit: z.number() }) })).toBe(
      'public',
    );
  });
});
