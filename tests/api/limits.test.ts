// Limits that hold (issue 9): who a client is (TRUST_PROXY), the per-client budget of fights shared by every
// fighting route, and the odds pool's bounded queue (a 503 with Retry-After, nothing written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, TrustProxyError } from '../../src/server/http/trust-proxy.ts';
import {
  DATABASES,
  goldMoved,
  newPlayer,
  startHarness,
  summonHero,
  uniqueName,
  withStore,
  type Harness,
} from './helpers.ts';

describe('TRUST_PROXY', () => {
  it('trusts no one by default or when off', () => {
    for (const v of [undefined, '', 'off', 'false', '0', 'none']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('refuses "trust everyone" with a reason an operator can act on', () => {
    for (const v of ['on', 'true', 'TRUE', '*', 'all']) {
      expect(() => parseTrustProxy(v)).toThrow(TrustProxyError);
      expect(() => parseTrustProxy(v)).toThrow(/every X-Forwarded-For.*TRUST_PROXY=1/);
    }
  });

  it('takes addresses, CIDR ranges and named ranges, comma-separated; refuses anything else', () => {
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,::1, 192.168.0.0/255.255.0.0')).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
      '192.168.0.0/255.255.0.0',
    ]);
    for (const v of ['10.0.0.300', 'proxy.local', '10.0.0.0/33', '10.0.0.1,', '::1/200', '1.2.3.4/8/8'])
      expect(() => parseTrustProxy(v), v).toThrow(TrustProxyError);
  });

  it('takes a hop count: the nearest N addresses are proxies', () => {
    const trust = parseTrustProxy('2') as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false]);
    expect(() => parseTrustProxy('100')).toThrow(TrustProxyError);
  });

  async function accountsFrom(
    h: Harness,
    peer: string,
    forwardedFor: (i: number) => string,
    count: number,
  ): Promise<number[]> {
    const statuses = [];
    for (let i = 0; i < count; i++) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { username: uniqueName('xff') },
      });
      statuses.push(r.statusCode);
    }
    return statuses;
  }

  it('counts a forged X-Forwarded-For from an untrusted peer under the peer; a trusted proxy’s under the client', async () => {
    const limits = { users: 2, generate: 10, odds: 240, fights: 10 };
    const untrusted = await startHarness('sqlite', { rateLimits: limits });
    try {
      // Each request claims another address; with no proxy trusted they are all one client.
      expect(await accountsFrom(untrusted, '203.0.113.7', (i) => `198.51.100.${i}`, 3)).toEqual([
        201, 201, 429,
      ]);
    } finally {
      await untrusted.close();
    }
    const proxied = await startHarness('sqlite', { rateLimits: limits, trustProxy: '10.0.0.1' });
    try {
      // Through the trusted proxy, each forwarded client has its own budget …
      expect(await accountsFrom(proxied, '10.0.0.1', (i) => `198.51.100.${i}`, 4)).toEqual([
        201, 201, 201, 201,
      ]);
      // … and the client's own prefix cannot move it: the proxy appends the real address last.
      expect(await accountsFrom(proxied, '10.0.0.1', (i) => `192.0.2.${i}, 198.51.100.77`, 3)).toEqual([
        201, 201, 429,
      ]);
      // Another peer sending the same header is not the proxy: counted under its own address.
      expect(await accountsFrom(proxied, '203.0.113.8', (i) => `198.51.100.${100 + i}`, 3)).toEqual([
        201, 201, 429,
      ]);
    } finally {
      await proxied.close();
    }
    const hops = await startHarness('sqlite', { rateLimits: limits, trustProxy: 1 });
    try {
      expect(await accountsFrom(hops, '10.9.9.9', (i) => `198.51.100.${i}`, 3)).toEqual([201, 201, 201]);
    } finally {
      await hops.close();
    }
  });
});

describe.each(DATABASES)('fight limits on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { rateLimits: { users: 50, generate: 50, odds: 240, fights: 4 } });
  });
  afterAll(async () => h?.close());

  it('shares one budget of fights per client across every fighting route; 429 with an error', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const fight = (method: string, url: string, body: unknown, remoteAddress = '203.0.113.20') =>
      h.app.inject({ method: method as 'POST', url, payload: body as object, remoteAddress });
    const turnBased = await fight('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id] });
    expect(turnBased.statusCode).toBe(201);
    const battle = turnBased.json();
    if (battle.status === 'active') {
      // A chosen option is one decision, not a fight: it does not count.
      const option = battle.pending_options[0].id;
      const act = await fight('POST', `/api/battles/${battle.battle_id}/action`, {
        user_id: p.id,
        option_id: option,
      });
      expect(act.statusCode).toBe(200);
    }
    // Handing the battle to Auto plays it out: that counts (whatever the answer).
    await fight('POST', `/api/battles/${battle.battle_id}/action`, { user_id: p.id, auto: true });
    expect(
      (await fight('POST', '/api/battles', { user_id: p.id, team_hero_ids: [hero.id], mode: 'auto' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await fight('POST', '/api/arena/battle', {
          user_id: p.id,
          attacker_hero_id: hero.id,
          opponent_id: 'npc_woods_poacher',
        })
      ).statusCode,
    ).toBe(200);
    const run = (
      await h.call('POST', '/api/dungeons/whispering_woods/start', {
        user_id: p.id,
        team_hero_ids: [hero.id],
      })
    ).body;
    const refused = await fight('POST', `/api/dungeon-runs/${run.id}/battle`, { user_id: p.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many fights: try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before it fought: the floor is still there to fight.
    expect(
      (
        await withStore(h, (db) =>
          db.selectFrom('dungeon_runs').select('floor').where('id', '=', run.id).executeTakeFirstOrThrow(),
        )
      ).floor,
    ).toBe(1);
    for (const [url, body] of [
      ['/api/battles', { user_id: p.id, team_hero_ids: [hero.id] }],
      ['/api/arena/battle', { user_id: p.id, attacker_hero_id: hero.id, opponent_id: 'npc_woods_poacher' }],
    ] as const)
      expect((await fight('POST', url, body)).statusCode, url).toBe(429);
    // Reads are not fights; another client has its own budget.
    expect((await fight('GET', `/api/users/${p.id}`, undefined)).statusCode).toBe(200);
    expect((await fight('POST', `/api/dungeon-runs/${run.id}/battle`, {}, '203.0.113.21')).statusCode).toBe(
      200,
    );
  });
});

describe.each(DATABASES)('the odds pool’s bounded queue on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // No waiting room here: a fight that finds the queue full is refused at once (the room is tested below).
    h = await startHarness(kind, { oddsThreads: 1, oddsQueue: 1, oddsCacheSize: 0, oddsWaitMs: 0 });
  });
  afterAll(async () => h?.close());

  it('answers a flood of distinct fights past the queue with 503 + Retry-After, writes nothing for them, reads stay up', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const npcs: { dungeons: { npcs: { id: string }[] }[] } = (await h.call('GET', '/api/npcs')).body;
    const opponents = npcs.dungeons.flatMap((d) => d.npcs.map((n) => n.id)).slice(0, 16);
    expect(opponents.length).toBe(16);
    const flood = opponents.map((opponent_id) =>
      h.app.inject({
        method: 'POST',
        url: '/api/arena/battle',
        payload: { user_id: p.id, attacker_hero_id: hero.id, opponent_id },
      }),
    );
    const read = await h.call('GET', `/api/heroes?user_id=${p.id}`);
    expect(read.status).toBe(200);
    const answers = await Promise.all(flood);
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThan(opponents.length);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toEqual({ error: 'The battle simulators are busy right now: try again in a moment' });
    }
    // Only the fights that were answered were recorded and paid.
    const won = answers.filter((r) => r.statusCode === 200).map((r) => r.json());
    const rows = await withStore(h, (db) =>
      db.selectFrom('battles').select(['id', 'rewards']).where('user_id', '=', p.id).execute(),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(won.map((b) => b.battle_id).sort());
    // A lost fight takes its stake, so the gold moved is what was paid less what was lost.
    const gold = won.reduce((n, b) => n + goldMoved(b), 0);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold + gold);
    // Once the queue has drained, a refused fight goes through.
    const again = await h.call('POST', '/api/arena/battle', {
      user_id: p.id,
      attacker_hero_id: hero.id,
      opponent_id: opponents[answers.findIndex((r) => r.statusCode === 503)],
    });
    expect(again.status).toBe(200);
  });

  it('refuses a fight while the queue is full before reading anything: a flood costs no database work', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const npcs: { dungeons: { npcs: { id: string }[] }[] } = (await h.call('GET', '/api/npcs')).body;
    const opponents = npcs.dungeons.flatMap((d) => d.npcs.map((n) => n.id)).slice(16, 28);
    let settled = false;
    const flood = Promise.all(
      opponents.map((opponent_id) =>
        h.call('POST', '/api/arena/battle', { user_id: p.id, attacker_hero_id: hero.id, opponent_id }),
      ),
    ).finally(() => (settled = true));
    // A fight naming no hero at all: refused as busy while the queue is full (the hero is never looked up),
    // and as an unknown hero once it has room.
    const seen = new Set<number>();
    for (let tries = 0; tries < 2000 && !settled; tries++) {
      const r = await h.call('POST', '/api/arena/battle', {
        user_id: p.id,
        attacker_hero_id: 'h_nobody',
        opponent_id: opponents[0],
      });
      seen.add(r.status);
      expect(typeof r.body.error).toBe('string');
    }
    await flood;
    expect([...seen].sort()).toEqual([404, 503]);
  });
});

describe.each(DATABASES)('a fight that finds the odds queue full waits for room on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { oddsThreads: 1, oddsQueue: 1, oddsCacheSize: 0, oddsWaitMs: 20_000 });
  });
  afterAll(async () => h?.close());

  it('lets a burst through as the queue drains, and refuses at once past the waiting room (32 per queue place)', async () => {
    const p = await newPlayer(h);
    const heroes = [await summonHero(h, p.id), await summonHero(h, p.id)];
    const npcs: { dungeons: { npcs: { id: string }[] }[] } = (await h.call('GET', '/api/npcs')).body;
    const opponents = npcs.dungeons.flatMap((d) => d.npcs.map((n) => n.id)).slice(0, 24);
    // 48 distinct fights at once against a queue of one: one or two run, 32 wait, the rest are refused at once.
    const fights = heroes.flatMap((hero) =>
      opponents.map((opponent_id) => ({ user_id: p.id, attacker_hero_id: hero.id, opponent_id })),
    );
    expect(fights.length).toBe(48);
    const started = Date.now();
    const answers = await Promise.all(
      fights.map(async (payload) => {
        const r = await h.app.inject({ method: 'POST', url: '/api/arena/battle', payload });
        return { status: r.statusCode, ms: Date.now() - started };
      }),
    );
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length, answers.map((a) => a.status).join()).toBe(48);
    // Every fight that waited was let in (the wait is far longer than the burst takes) …
    expect(ok.length).toBeGreaterThanOrEqual(32);
    // … and those past the waiting room were refused before the first waiting fight was answered.
    expect(busy.length).toBeGreaterThan(0);
    expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(Math.min(...ok.map((a) => a.ms)) + 1000);
    const rows = await withStore(h, (db) =>
      db.selectFrom('battles').select('id').where('user_id', '=', p.id).execute(),
    );
    expect(rows.length).toBe(ok.length);
  });
});

describe.each(DATABASES)('a waiting fight refused at the end of its wait on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { oddsThreads: 1, oddsQueue: 1, oddsCacheSize: 0, oddsWaitMs: 1 });
  });
  afterAll(async () => h?.close());

  it('gets the 503 with Retry-After once its short wait ends with the queue still full', async () => {
    const p = await newPlayer(h);
    const hero = await summonHero(h, p.id);
    const npcs: { dungeons: { npcs: { id: string }[] }[] } = (await h.call('GET', '/api/npcs')).body;
    const opponents = npcs.dungeons.flatMap((d) => d.npcs.map((n) => n.id)).slice(0, 16);
    const answers = await Promise.all(
      opponents.map((opponent_id) =>
        h.app.inject({
          method: 'POST',
          url: '/api/arena/battle',
          payload: { user_id: p.id, attacker_hero_id: hero.id, opponent_id },
        }),
      ),
    );
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect(r.headers['retry-after']).toBe('1');
  });
});
