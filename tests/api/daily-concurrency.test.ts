// A daily reward pays exactly once however many claims race for it: 50 at once of one reward give one credit, 49
// readable 409s, no 5xx and one ledger entry per currency paid — on SQLite, on PostgreSQL, and across two server
// instances sharing one PostgreSQL. The claim row's primary key (player, claim, period), inserted before the credit
// in one transaction, is what holds it (src/server/economy/daily-progress.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { NOTHING_OPEN, questsOfDay } from '../../src/game/daily.ts';
import { CALENDAR } from '../../src/game/data/quests.ts';
import { parseDayName } from '../../src/game/day-clock.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';

const CLAIMS = 50;
type Answer = { status: number; body: { error?: string; reward?: Record<string, number> } };

describe.each(DATABASES)('concurrent daily claims on %s', (kind) => {
  let h: Harness;
  const now = Date.parse('2026-11-27T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  const inject = (app: FastifyInstance, userId: string, claim: string): Promise<Answer> =>
    app
      .inject({ method: 'POST', url: '/api/daily/claim', payload: { user_id: userId, claim } })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  async function expectOnce(answers: Answer[], userId: string, reason: string, ref: string) {
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      if (a.status !== 200) {
        expect(a.status).toBe(409);
        expect(a.body.error).toMatch(/^Already claimed: /);
      }
    }
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    const entries = await withStore(h, (db) =>
      db
        .selectFrom('ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .where('reason', '=', reason)
        .execute(),
    );
    const reward = paid[0]!.body.reward!;
    expect(entries).toHaveLength(Object.values(reward).filter((v) => v > 0).length);
    for (const e of entries) {
      expect(e.ref).toBe(ref);
      expect(e.delta).toBe(reward[e.currency]);
    }
    const claims = await withStore(h, (db) =>
      db.selectFrom('claims').selectAll().where('user_id', '=', userId).where('kind', '=', 'daily').execute(),
    );
    expect(claims.filter((c) => c.period === '2026-11-27')).toHaveLength(1);
    const audit = await withStore(h, (db) => auditLedger(db));
    expect(audit.differences).toEqual([]);
  }

  it(`${CLAIMS} claims at once of one calendar reward: one credit, ${CLAIMS - 1} 409s`, async () => {
    const p = await newPlayer(h);
    const answers = await Promise.all(Array.from({ length: CLAIMS }, () => inject(h.app, p.id, 'calendar')));
    await expectOnce(answers, p.id, 'daily_calendar', '2026-11-27.calendar.1');
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold + CALENDAR[0]!.gold!);
  });

  it(`${CLAIMS} claims at once of one finished quest: one credit`, async () => {
    // A player whose errand today is a summon, which a new player can do at once.
    let p = await newPlayer(h);
    while (!questsOfDay(p.id, parseDayName('2026-11-27')!, NOTHING_OPEN).some((q) => q.id === 'summon'))
      p = await newPlayer(h);
    await summonHero(h, p.id);
    const id = '2026-11-27.summon';
    const answers = await Promise.all(Array.from({ length: CLAIMS }, () => inject(h.app, p.id, id)));
    await expectOnce(answers, p.id, 'daily_quest', id);
  });

  it.runIf(kind === 'postgres')(
    `${CLAIMS} claims at once through two instances on one PostgreSQL: one credit`,
    async () => {
      const other = await buildApp({
        databaseUrl: h.db.url,
        rateLimits: false,
        webRoot: null,
        oddsThreads: 1,
        clock: () => now,
      });
      try {
        const p = await newPlayer(h);
        const answers = await Promise.all(
          Array.from({ length: CLAIMS }, (_, i) => inject(i % 2 === 0 ? h.app : other, p.id, 'calendar')),
        );
        await expectOnce(answers, p.id, 'daily_calendar', '2026-11-27.calendar.1');
      } finally {
        await other.close();
      }
    },
  );

  it('a claim sent again under its Idempotency-Key answers the first answer and pays once', async () => {
    const p = await newPlayer(h);
    const send = (claim: string, key: string) =>
      h.app
        .inject({
          method: 'POST',
          url: '/api/daily/claim',
          headers: { 'idempotency-key': key },
          payload: { user_id: p.id, claim },
        })
        .then((r) => ({
          status: r.statusCode,
          body: r.json(),
          replayed: r.headers['idempotent-replayed'] === 'true',
        }));
    const key = `claim-${p.id}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('calendar', key)));
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold + CALENDAR[0]!.gold!);
    const entries = await withStore(h, (db) =>
      db
        .selectFrom('ledger')
        .selectAll()
        .where('user_id', '=', p.id)
        .where('reason', '=', 'daily_calendar')
        .execute(),
    );
    expect(entries).toHaveLength(1);
    // A new press (a new key) meets the claim already paid; the old key with another claim is a 422.
    const again = await send('calendar', `${key}-2`);
    expect(again.status).toBe(409);
    expect((await send('bonus', key)).status).toBe(422);
  });

  it('a claim row already stored refuses the claim, and the database refuses a second row of one key', async () => {
    // The row already there (as if another instance's claim had committed between the check and the write):
    // the insert finds it and the claim is refused, nothing credited.
    const p = await newPlayer(h);
    const calendarRow = (created_at: number) =>
      withStore(h, (db) =>
        db
          .insertInto('claims')
          .values({
            user_id: p.id,
            kind: 'daily',
            claim: 'calendar',
            period: '2026-11-27',
            reward: '{}',
            created_at,
          })
          .execute(),
      );
    await calendarRow(0);
    const r = await inject(h.app, p.id, 'calendar');
    expect(r.status).toBe(409);
    expect((await h.call('GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold);
    // And the database itself refuses a second row for the same (player, kind, claim, period).
    await expect(calendarRow(1)).rejects.toThrow();
  });
});
