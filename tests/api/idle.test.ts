// Idle income through the API on both databases (issue 30): nothing before the first clear, the furthest stage's
// rate accruing by the server's clock (moved here) up to 12 hours, a claim paying what accrued once into the ledger —
// 50 claims at once credit once, a retry with the same Idempotency-Key answers the first answer — and xp to the
// last winning campaign team. The rules: src/game/campaign.ts; the store: src/server/fights/campaign-progress.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { idleRate } from '../../src/game/index.ts';
import {
  DATABASES,
  fightStage,
  ledgerEntries,
  mightyPlayer,
  newPlayer,
  startHarness,
  withStore,
  type Harness,
} from './helpers.ts';

const HOUR_MS = 3_600_000;
const CLAIMS = 50;

describe.each(DATABASES)('idle income on %s', (kind) => {
  let h: Harness;
  let now = Date.parse('2026-11-27T08:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  /** A player who has cleared 1-1 (now): idle income accrues from this instant at one stage's rate. */
  async function clearedOne() {
    const { p, hero } = await mightyPlayer(h);
    const won = await fightStage(h, p.id, '1-1', [hero.id]);
    expect(won.body.status).toBe('won');
    return { p, hero, user: won.body.user, since: Math.floor(now / 1000) };
  }
  const claim = (userId: string, key?: string) =>
    h.app
      .inject({
        method: 'POST',
        url: '/api/idle/claim',
        payload: { user_id: userId },
        headers: key ? { 'idempotency-key': key } : {},
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const entries = (userId: string) => ledgerEntries(h, userId, 'idle_income');

  it('has nothing before the first clear, and refuses a claim readably', async () => {
    const p = await newPlayer(h);
    const idle = await h.call('GET', `/api/idle?user_id=${p.id}`);
    expect(idle.status).toBe(200);
    expect(idle.body).toMatchObject({
      accrued: { gold: 0, xp_per_hero: 0, magic_essence: 0 },
      rate: { gold: 0, xp_per_hero: 0, magic_essence: 0 },
      since: null,
      full_at: null,
      cap_hours: 12,
    });
    const r = await claim(p.id);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Nothing to claim yet: clear a campaign stage first');
    expect(await entries(p.id)).toEqual([]);
    expect((await h.call('GET', '/api/idle?user_id=nobody')).status).toBe(404);
    expect((await claim('nobody')).status).toBe(404);
    expect((await h.call('POST', '/api/idle/claim', {})).status).toBe(400);
  });

  it('accrues by the clock up to 12 hours, and a claim pays it once, xp to the team', async () => {
    const { p, hero, user, since } = await clearedOne();
    const rate = idleRate(1);
    now += 3 * HOUR_MS;
    const three = await h.call('GET', `/api/idle?user_id=${p.id}`);
    expect(three.body).toMatchObject({
      accrued: {
        gold: 3 * rate.gold,
        xp_per_hero: 3 * rate.xp_per_hero,
        magic_essence: 3 * rate.magic_essence,
      },
      rate,
      since,
      full_at: since + 12 * 3600,
      team_hero_ids: [hero.id],
    });
    now += 30 * HOUR_MS; // far past the cap
    const full = await h.call('GET', `/api/idle?user_id=${p.id}`);
    const cap = {
      gold: 12 * rate.gold,
      xp_per_hero: 12 * rate.xp_per_hero,
      magic_essence: 12 * rate.magic_essence,
    };
    expect(full.body.accrued).toEqual(cap);
    const heroBefore = (await h.call('GET', `/api/heroes/${hero.id}`)).body;
    const paid = await claim(p.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.claimed).toEqual(cap);
    expect(paid.body.user.gold).toBe(user.gold + cap.gold);
    expect(paid.body.user.magic_essence).toBe(user.magic_essence + cap.magic_essence);
    expect(paid.body.idle).toMatchObject({ since: Math.floor(now / 1000), accrued: { gold: 0 } });
    const heroAfter = (await h.call('GET', `/api/heroes/${hero.id}`)).body;
    expect(heroAfter.level * 100000 + heroAfter.xp).toBeGreaterThan(
      heroBefore.level * 100000 + heroBefore.xp,
    );
    const again = await claim(p.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Nothing has accrued since your last claim: come back later');
    const e = await entries(p.id);
    expect(e.map((x) => [x.currency, x.delta, x.ref]).sort()).toEqual(
      [
        ['gold', cap.gold, String(since)],
        ['magic_essence', cap.magic_essence, String(since)],
      ].sort(),
    );
  });

  it(`${CLAIMS} claims at once, the clock moved: one credit, ${CLAIMS - 1} readable 409s`, async () => {
    const { p, user } = await clearedOne();
    now += 5 * HOUR_MS;
    const answers = await Promise.all(Array.from({ length: CLAIMS }, () => claim(p.id)));
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      if (a.status !== 200) expect(a.status).toBe(409);
    }
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    const rate = idleRate(1);
    expect(ok[0]!.body.claimed).toEqual({
      gold: 5 * rate.gold,
      xp_per_hero: 5 * rate.xp_per_hero,
      magic_essence: 5 * rate.magic_essence,
    });
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(user.gold + 5 * rate.gold);
    expect(await entries(p.id)).toHaveLength(2);
    const claims = await withStore(h, (db) =>
      db
        .selectFrom('claims')
        .selectAll()
        .where('user_id', '=', p.id)
        .where('kind', '=', 'campaign')
        .where('claim', '=', 'idle')
        .execute(),
    );
    expect(claims).toHaveLength(1);
    expect((await withStore(h, (db) => auditLedger(db))).differences).toEqual([]);
  });

  it('answers a retried claim with the same Idempotency-Key as the first, paying once', async () => {
    const { p } = await clearedOne();
    now += 2 * HOUR_MS;
    const [a, b] = await Promise.all([claim(p.id, 'idle-claim-key-1'), claim(p.id, 'idle-claim-key-1')]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(await entries(p.id)).toHaveLength(2);
  });
});
