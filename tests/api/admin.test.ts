// The operator's console (routes/admin.ts, admin/player-admin.ts, accounts/operators.ts) on both databases: an
// operator named by ADMIN_USERNAMES and signed in with a passkey finds a player, grants and takes back currency (one
// audit row and one ledger entry each, the ledger audit holding), suspends (the player's every request 403, with or
// without a session; sessions ended; sign-in refused) and restores; the audit table refuses UPDATE and DELETE in the
// database; anyone else — no session, a non-operator, an operator-named account without a passkey — is refused on
// every console route and nothing changes; a grant retried with its Idempotency-Key pays once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_LIMITS, ADMIN_MESSAGES, suspendedMessage } from '../../src/api/admin.ts';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { DATABASES, newPlayer, startHarness, summonHero, withStore, type Harness } from './helpers.ts';
import { lockAccount, send, signIn, type SoftPasskey } from './software-authenticator.ts';

const OPERATOR = 'Chief_Op';
const UNLOCKED_OPERATOR = 'Keyless_Op';

async function account(h: Harness, username: string) {
  const r = await send(h, 'POST', '/api/users', { body: { username } });
  expect(r.status).toBe(201);
  return r.body as { id: string; username: string; gold: number };
}

const auditRows = (h: Harness) =>
  withStore(h, (db) => db.selectFrom('admin_audit').selectAll().orderBy('id').execute());
const ledgerOf = (h: Harness, userId: string) =>
  withStore(h, (db) =>
    db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  );

/** Everything a console action could change, read whole. */
async function everything(h: Harness): Promise<string> {
  return withStore(h, async (db) =>
    JSON.stringify({
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      ledger: await db.selectFrom('ledger').select('id').orderBy('id').execute(),
      sessions: await db.selectFrom('sessions').select('id').orderBy('id').execute(),
      audit: await db.selectFrom('admin_audit').select('id').orderBy('id').execute(),
    }),
  );
}

describe.each(DATABASES)('the operator’s console on %s', (kind) => {
  let h: Harness;
  let op: { id: string; cookie: string };
  let player: { id: string; username: string; gold: number };
  let playerKey: SoftPasskey;
  let playerCookie: string;
  let playerHero: string;
  let stranger: { id: string; cookie: string };
  let keyless: { id: string };

  const admin = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    send(h, method, url, { cookie: op.cookie, body, headers });

  beforeAll(async () => {
    h = await startHarness(kind, { adminUsernames: ` chief_op , ${UNLOCKED_OPERATOR.toUpperCase()} ` });
    const o = await account(h, OPERATOR);
    op = { id: o.id, cookie: (await lockAccount(h, o.id)).cookie! };
    player = await account(h, 'Mira_Player');
    playerHero = (await summonHero(h, player.id)).id;
    const locked = await lockAccount(h, player.id);
    playerKey = locked.passkey;
    playerCookie = locked.cookie!;
    const s = await newPlayer(h, 'str');
    stranger = { id: s.id, cookie: (await lockAccount(h, s.id)).cookie! };
    keyless = await account(h, UNLOCKED_OPERATOR);
  }, 120_000);
  afterAll(async () => h?.close());

  it('finds a player by the start of their name, any case, or by id, and shows them without token hashes', async () => {
    const byName = await admin('GET', '/api/admin/players?query=mIRA');
    expect(byName.status).toBe(200);
    expect(byName.body.players.map((p: { id: string }) => p.id)).toEqual([player.id]);
    const byId = await admin('GET', `/api/admin/players?query=${player.id}`);
    expect(byId.body.players[0]).toMatchObject({ id: player.id, username: 'Mira_Player', locked: true });
    const shown = await admin('GET', `/api/admin/players/${player.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.player).toMatchObject({ id: player.id, suspended_at: null, locked: true });
    expect(shown.body.player.balances.gold).toBe(player.gold);
    expect(shown.body.heroes.map((x: { id: string }) => x.id)).toContain(playerHero);
    expect(shown.body.ledger.length).toBeGreaterThan(0);
    expect(shown.body.sessions.length).toBe(1);
    expect(Object.keys(shown.body.sessions[0]).sort()).toEqual(['created_at', 'expires_at']);
    expect((await admin('GET', '/api/admin/players/u_nobody')).status).toBe(404);
    expect((await admin('GET', '/api/admin/players?query=')).status).toBe(400);
  });

  it('grants and takes back through the wallet: one audit row and one ledger entry each, the ledger audit holding', async () => {
    const auditBefore = (await auditRows(h)).length;
    const ledgerBefore = (await ledgerOf(h, player.id)).length;
    const gold = (await admin('GET', `/api/admin/players/${player.id}`)).body.player.balances.gold as number;

    const grant = await admin('POST', `/api/admin/players/${player.id}/grant`, {
      currency: 'gold',
      amount: 500,
      reason: 'Refund for a lost purchase',
    });
    expect(grant.status).toBe(200);
    expect(grant.body.player.balances.gold).toBe(gold + 500);
    expect(grant.body.audit).toMatchObject({
      action: 'grant',
      operator_id: op.id,
      operator_username: OPERATOR,
      target_user_id: player.id,
      reason: 'Refund for a lost purchase',
      before: { gold },
      after: { gold: gold + 500 },
    });
    const take = await admin('POST', `/api/admin/players/${player.id}/take`, {
      currency: 'gold',
      amount: 200,
      reason: 'Duplicate refund',
    });
    expect(take.status).toBe(200);
    expect(take.body.player.balances.gold).toBe(gold + 300);

    const audit = await auditRows(h);
    expect(audit.length).toBe(auditBefore + 2);
    expect(audit.slice(-2).map((a) => a.action)).toEqual(['grant', 'take']);
    const entries = (await ledgerOf(h, player.id)).slice(ledgerBefore);
    expect(entries.map((e) => [e.reason, e.currency, e.delta, e.ref])).toEqual([
      ['admin_grant', 'gold', 500, String(audit.at(-2)!.id)],
      ['admin_take', 'gold', -200, String(audit.at(-1)!.id)],
    ]);
    expect((await withStore(h, (db) => auditLedger(db))).differences).toEqual([]);
    // The player's own ledger names the new reasons.
    const own = await send(h, 'GET', `/api/users/${player.id}/ledger?limit=${ADMIN_LIMITS.ledgerShown}`, {
      cookie: playerCookie,
    });
    expect(own.body.entries.slice(0, 2).map((e: { reason: string }) => e.reason)).toEqual([
      'admin_take',
      'admin_grant',
    ]);
    // The console shows the same page, read by the same reader (without what each entry links to).
    const shown = await admin('GET', `/api/admin/players/${player.id}`);
    expect(shown.body.ledger).toEqual(
      own.body.entries.map(({ subject: _, ...entry }: { subject: unknown }) => entry),
    );
  });

  it('refuses a take below zero (409, readable) and a bad amount or reason (400), changing nothing', async () => {
    const before = await everything(h);
    const held = (await admin('GET', `/api/admin/players/${player.id}`)).body.player.balances.combat_tokens;
    const short = await admin('POST', `/api/admin/players/${player.id}/take`, {
      currency: 'combat_tokens',
      amount: held + 1,
      reason: 'Too much',
    });
    expect(short).toMatchObject({ status: 409, body: { error: ADMIN_MESSAGES.takeTooMuch } });
    for (const body of [
      { currency: 'gold', amount: 0, reason: 'zero' },
      { currency: 'gold', amount: -5, reason: 'negative' },
      { currency: 'gold', amount: 1.5, reason: 'fraction' },
      { currency: 'gold', amount: 10_000_001, reason: 'too big' },
      { currency: 'gems', amount: 5, reason: 'no such currency' },
      { currency: 'gold', amount: 5, reason: ' x ' },
      { currency: 'gold', amount: 5, reason: 'y'.repeat(201) },
      { currency: 'gold', amount: 5 },
    ]) {
      const r = await admin('POST', `/api/admin/players/${player.id}/grant`, body);
      expect({ body, status: r.status }).toEqual({ body, status: 400 });
      expect(typeof r.body.error).toBe('string');
    }
    expect(await everything(h)).toBe(before);
  });

  it('pays once for a grant retried with the same Idempotency-Key', async () => {
    const ledgerBefore = (await ledgerOf(h, player.id)).length;
    const auditBefore = (await auditRows(h)).length;
    const body = { currency: 'magic_essence', amount: 7, reason: 'Double tap' };
    const headers = { 'idempotency-key': `grant-${kind}-double-tap` };
    const [a, b] = await Promise.all([
      admin('POST', `/api/admin/players/${player.id}/grant`, body, headers),
      admin('POST', `/api/admin/players/${player.id}/grant`, body, headers),
    ]);
    const c = await admin('POST', `/api/admin/players/${player.id}/grant`, body, headers);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(c.body).toEqual(a.body);
    expect((await ledgerOf(h, player.id)).length).toBe(ledgerBefore + 1);
    expect((await auditRows(h)).length).toBe(auditBefore + 1);
  });

  it('suspends: the player’s every request 403 with or without a session, sessions ended, sign-in refused; restore undoes it', async () => {
    const reason = 'Chargeback under review';
    const auditBefore = (await auditRows(h)).length;
    expect((await send(h, 'GET', `/api/users/${player.id}`, { cookie: playerCookie })).status).toBe(200);
    const suspended = await admin('POST', `/api/admin/players/${player.id}/suspend`, { reason });
    expect(suspended.status).toBe(200);
    expect(suspended.body.player.suspended_reason).toBe(reason);
    expect(suspended.body.audit).toMatchObject({ action: 'suspend', reason, after: { sessions_ended: 1 } });
    const refused = { error: suspendedMessage(reason) };
    for (const cookie of [playerCookie, null]) {
      for (const url of [
        `/api/users/${player.id}`,
        `/api/inventory?user_id=${player.id}`,
        `/api/heroes/${playerHero}/ascension`,
      ])
        expect(await send(h, 'GET', url, { cookie })).toMatchObject({ status: 403, body: refused });
      expect(
        await send(h, 'POST', '/api/characters/generate', { cookie, body: { user_id: player.id } }),
      ).toMatchObject({ status: 403, body: refused });
    }
    expect(
      await withStore(h, (db) =>
        db.selectFrom('sessions').select('id').where('user_id', '=', player.id).execute(),
      ),
    ).toEqual([]);
    expect(await send(h, 'POST', `/api/users/${player.id}/sign-in/options`)).toMatchObject({
      status: 403,
      body: refused,
    });
    // The console still shows them, and their data stays.
    const shown = await admin('GET', `/api/admin/players/${player.id}`);
    expect(shown.body.player.suspended_reason).toBe(reason);
    expect(shown.body.heroes.map((x: { id: string }) => x.id)).toContain(playerHero);
    expect((await admin('POST', `/api/admin/players/${player.id}/suspend`, { reason })).status).toBe(409);

    const restored = await admin('POST', `/api/admin/players/${player.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.player).toMatchObject({ suspended_at: null, suspended_reason: null });
    playerCookie = await signIn(h, player.id, playerKey);
    expect((await send(h, 'GET', `/api/users/${player.id}`, { cookie: playerCookie })).status).toBe(200);
    const audit = await auditRows(h);
    expect(audit.slice(auditBefore).map((a) => a.action)).toEqual(['suspend', 'restore']);
    const again = await admin('POST', `/api/admin/players/${player.id}/restore`);
    expect(again, JSON.stringify(again.body)).toMatchObject({ status: 409 });
  });

  it('lists the audit trail newest first, a page at a time', async () => {
    for (let i = 0; i < 26; i++)
      expect(
        (
          await admin('POST', `/api/admin/players/${stranger.id}/grant`, {
            currency: 'gold',
            amount: 1,
            reason: `Page filler ${i}`,
          })
        ).status,
      ).toBe(200);
    const first = await admin('GET', '/api/admin/audit');
    expect(first.status).toBe(200);
    expect(first.body.entries[0].reason).toBe('Page filler 25');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await admin('GET', `/api/admin/audit?cursor=${first.body.next_cursor}`);
    const ids = [...first.body.entries, ...second.body.entries].map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((await auditRows(h)).length);
    expect((await admin('GET', '/api/admin/audit?cursor=nonsense')).status).toBe(400);
  });

  it('has the database refuse UPDATE and DELETE on admin_audit', async () => {
    const [row] = await auditRows(h);
    await expect(
      withStore(h, (db) =>
        db.updateTable('admin_audit').set({ reason: 'rewritten' }).where('id', '=', row!.id).execute(),
      ),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(
      withStore(h, (db) => db.deleteFrom('admin_audit').where('id', '=', row!.id).execute()),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(withStore(h, (db) => sql`delete from admin_audit`.execute(db))).rejects.toThrow(
      /never changed or deleted/,
    );
    expect((await auditRows(h))[0]).toEqual(row);
  });

  it('refuses everyone else on every console route — no session 401, a non-operator 403, an operator without a passkey 403 — and changes nothing', async () => {
    const routes = h.app.playerRoutes.filter((r) => r.actsFor === 'operator');
    expect(routes.length).toBe(7);
    // An operator-named account holding no passkey: its session row is made here (no ceremony could start one).
    const keylessCookie = await withStore(h, async (db) => {
      const token = 'keyless_session_token_0123456789';
      const { createHash } = await import('node:crypto');
      await db
        .insertInto('sessions')
        .values({
          id: createHash('sha256').update(token).digest('hex'),
          user_id: keyless.id,
          created_at: 1,
          expires_at: 4_000_000_000,
        })
        .execute();
      return `runeborn_session=${token}`;
    });
    const before = await everything(h);
    const cases = [
      { cookie: null, status: 401, error: ADMIN_MESSAGES.signIn },
      { cookie: stranger.cookie, status: 403, error: ADMIN_MESSAGES.notOperator },
      { cookie: playerCookie, status: 403, error: ADMIN_MESSAGES.notOperator },
      { cookie: keylessCookie, status: 403, error: ADMIN_MESSAGES.needsPasskey },
    ];
    for (const route of routes)
      for (const c of cases) {
        const url =
          route.url.replace(':id', player.id) + (route.url.endsWith('players') ? '?query=mira' : '');
        const body =
          route.method === 'POST'
            ? { currency: 'gold', amount: 1000, reason: 'Not allowed here' }
            : undefined;
        const r = await send(h, route.method, url, { cookie: c.cookie, body });
        expect({ route: `${route.method} ${url}`, status: r.status, body: r.body }).toEqual({
          route: `${route.method} ${url}`,
          status: c.status,
          body: { error: c.error },
        });
      }
    expect(await everything(h)).toBe(before);
  });
});
