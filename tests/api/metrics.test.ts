// The metrics (src/server/http/metrics.ts) on SQLite and PostgreSQL: Prometheus text on a listener of its own;
// requests labelled by route pattern, never by a player's id (more players add no series); and over a mixed run —
// accounts, summons, purchases, fights, a refused purchase, a transaction rolled back — the currency counters
// equal the ledger's sums by currency and reason, and accounts, summons and fights are counted once each.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics, metricsServer } from '../../src/server/http/metrics.ts';
import { economyTransaction } from '../../src/server/economy/transaction.ts';
import { credit } from '../../src/server/economy/wallet.ts';
import { openStore } from '../../src/server/store/db.ts';
import { onCommitted } from '../../src/server/economy/committed.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';

/** Prometheus' text format, read strictly: every sample line a name, labels and a number (NaN in any case, as Go
 * parses it: prom-client writes `Nan`). */
function parse(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-][Ii]nf)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

describe.each(DATABASES)('metrics on %s', (kind) => {
  let h: Harness;
  let metrics: Metrics;
  beforeAll(async () => {
    metrics = new Metrics();
    h = await startHarness(kind, { metrics });
  });
  afterAll(async () => h?.close());

  const samples = async () => parse(await metrics.text());
  const sum = (all: { name: string; labels: Record<string, string>; value: number }[], name: string) =>
    all.filter((s) => s.name === name).reduce((t, s) => t + s.value, 0);

  it('labels requests by route pattern: more players add no series', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await newPlayer(h, 'met')).id);
    for (const id of ids) expect((await h.call('GET', `/api/users/${id}`)).status).toBe(200);
    expect((await h.call('GET', `/api/users/${ids[0]}x`)).status).toBe(404);
    expect((await h.call('GET', '/api/no/such/place')).status).toBe(404);
    const before = await metrics.text();
    const series = (text: string) => parse(text).filter((s) => s.name.startsWith('http_')).length;
    for (let i = 0; i < 5; i++) {
      const id = (await newPlayer(h, 'met')).id;
      await h.call('GET', `/api/users/${id}`);
      await h.call('GET', `/api/users/${id}x`);
      await h.call('GET', `/api/no/such/place/${id}`);
      ids.push(id);
    }
    const after = await metrics.text();
    expect(series(after)).toBe(series(before));
    for (const id of ids) expect(after).not.toContain(id);
    const users = parse(after).find(
      (s) =>
        s.name === 'http_requests_total' &&
        s.labels.route === '/api/users/:id' &&
        s.labels.method === 'GET' &&
        s.labels.status_class === '2xx',
    );
    expect(users?.value).toBe(8);
    expect(after).toContain('route="unmatched"');
    expect(after).toMatch(/http_request_duration_seconds_bucket\{le="0.005",route="\/api\/users\/:id"/);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('runeborn_odds_queue_length');
    expect(after).toContain('runeborn_live_sockets 0');
    // the store's statements timed by verb alone: the players' reads and their accounts' inserts
    const statements = (kind: string) =>
      parse(after).find(
        (s) => s.name === 'runeborn_db_statement_duration_seconds_count' && s.labels.kind === kind,
      )?.value ?? 0;
    expect(statements('select')).toBeGreaterThan(0);
    expect(statements('insert')).toBeGreaterThan(0);
    const kinds = new Set(
      parse(after)
        .filter((s) => s.name.startsWith('runeborn_db_statement_duration_seconds'))
        .map((s) => s.labels.kind),
    );
    expect(
      [...kinds].every((k) => ['select', 'insert', 'update', 'delete', 'with', 'other'].includes(k!)),
    ).toBe(true);
  });

  it('counts currency in and out by reason exactly as the ledger sums them, and each act once', async () => {
    const players = [await newPlayer(h, 'eco'), await newPlayer(h, 'eco')];
    let fights = 0;
    for (const p of players) {
      const hero = await summonHero(h, p.id);
      expect(
        (await h.call('POST', '/api/shop/purchase', { user_id: p.id, item_id: 'rune_dust' })).status,
      ).toBe(200);
      const fight = await h.call('POST', '/api/battles', {
        user_id: p.id,
        team_hero_ids: [hero.id],
        mode: 'auto',
      });
      expect(fight.status).toBe(201);
      fights++;
    }
    // Refused purchases move nothing and count nothing.
    let refused = 0;
    for (let i = 0; i < 30 && refused === 0; i++) {
      const r = await h.call('POST', '/api/shop/purchase', {
        user_id: players[0]!.id,
        item_id: 'draught_of_insight',
      });
      if (r.status === 400) refused++;
    }
    expect(refused).toBe(1);

    const all = await samples();
    const ledger = await withStore(h, (db) =>
      db.selectFrom('ledger').select(['currency', 'reason', 'delta']).execute(),
    );
    const expected = (sign: 1 | -1) => {
      const out = new Map<string, number>();
      for (const e of ledger)
        if (Math.sign(e.delta) === sign) {
          const key = `${e.currency}|${e.reason}`;
          out.set(key, (out.get(key) ?? 0) + Math.abs(e.delta));
        }
      return out;
    };
    const counted = (name: string) =>
      new Map(
        all
          .filter((s) => s.name === name && s.value !== 0)
          .map((s) => [`${s.labels.currency}|${s.labels.reason}`, s.value]),
      );
    expect(counted('runeborn_currency_in_total')).toEqual(expected(1));
    expect(counted('runeborn_currency_out_total')).toEqual(expected(-1));
    expect(expected(-1).get('gold|purchase')).toBeGreaterThan(0);

    const users = await withStore(h, (db) => db.selectFrom('users').select('id').execute());
    expect(sum(all, 'runeborn_accounts_created_total')).toBe(users.length);
    expect(sum(all, 'runeborn_summons_total')).toBe(players.length);
    expect(sum(all, 'runeborn_fights_total')).toBe(fights);
    expect(all.some((s) => s.name === 'runeborn_fights_total' && s.labels.kind === 'random')).toBe(true);
  });

  it("counts the odds pool's answers by source and its battles by task", async () => {
    const odds = (labels: Record<string, string>, all: Awaited<ReturnType<typeof samples>>, name: string) =>
      all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        ?.value ?? 0;
    const before = await samples();
    const p = await newPlayer(h, 'odds');
    const hero = await summonHero(h, p.id);
    const read = `/api/odds?user_id=${p.id}&kind=random&team=${hero.id}`;
    // the first read of a new encounter simulates it; the same read again is answered from the cache
    expect((await h.call('GET', read)).status).toBe(200);
    expect((await h.call('GET', read)).status).toBe(200);
    const after = await samples();
    const moved = (labels: Record<string, string>, name: string) =>
      odds(labels, after, name) - odds(labels, before, name);
    expect(moved({ source: 'simulated' }, 'runeborn_odds_answers_total')).toBeGreaterThanOrEqual(1);
    expect(moved({ source: 'cache' }, 'runeborn_odds_answers_total')).toBeGreaterThanOrEqual(1);
    // an estimate is at least its first look's battles
    expect(moved({ task: 'estimate' }, 'runeborn_odds_battles_total')).toBeGreaterThanOrEqual(250);
    // Find a fair match's set simulates its duels under its own label
    const screened = odds({ task: 'screen' }, after, 'runeborn_odds_battles_total');
    expect((await h.call('GET', `/api/arena/opponents?user_id=${p.id}&hero_id=${hero.id}`)).status).toBe(200);
    expect(odds({ task: 'screen' }, await samples(), 'runeborn_odds_battles_total')).toBeGreaterThan(
      screened,
    );
  });

  it('tells a transaction that commits, never one rolled back', async () => {
    const p = await newPlayer(h, 'roll');
    const store = openStore(h.db.url, { poolSize: 1 });
    const seen: number[] = [];
    const stop = onCommitted(store.db, ({ moves }) => seen.push(...moves.map((m) => m.delta)));
    try {
      await expect(
        economyTransaction(store.db, { userId: p.id }, async (trx) => {
          await credit(trx, p.id, { gold: 7 }, { reason: 'adjustment' });
          throw new Error('changed its mind');
        }),
      ).rejects.toThrow('changed its mind');
      expect(seen).toEqual([]);
      await economyTransaction(store.db, { userId: p.id }, (trx) =>
        credit(trx, p.id, { gold: 9 }, { reason: 'adjustment' }),
      );
      expect(seen).toEqual([9]);
    } finally {
      stop();
      await store.close();
    }
  });

  it('has every series deploy/grafana-dashboard.json charts', async () => {
    const dashboard = readFileSync('deploy/grafana-dashboard.json', 'utf8');
    const charted = new Set(
      [...dashboard.matchAll(/\b((?:http|runeborn|nodejs)_[a-z0-9_]+)\{/g)].map((m) => m[1]!),
    );
    expect(charted.size).toBeGreaterThan(10);
    const exposed = new Set((await samples()).map((s) => s.name));
    const missing = [...charted].filter(
      (name) => !exposed.has(name) && !(kind === 'sqlite' && name.startsWith('runeborn_db_pool_')),
    );
    expect(missing).toEqual([]);
  });

  it('serves GET /metrics on a listener of its own, and nothing else there', async () => {
    const server = metricsServer(metrics);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(parse(await res.text()).length).toBeGreaterThan(50);
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      // And the public app has no metrics.
      expect(JSON.stringify((await h.call('GET', '/metrics')).body)).not.toContain('http_requests_total');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
