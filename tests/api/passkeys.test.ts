// Locking an account with a passkey (a software authenticator, software-authenticator.ts; the server verifies with
// SimpleWebAuthn): the ceremonies, the session cookie and its sliding expiry, a second passkey, never removing the
// last, unlocking, signing out here and everywhere, the landing list's lock, and writes from another site refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_MESSAGES } from '../../src/api/passkeys.ts';
import { SESSION_TTL_S } from '../../src/server/accounts/sessions.ts';
import { DATABASES, newPlayer, startHarness, withStore, type Harness } from './helpers.ts';
import {
  assert,
  createCredential,
  lockAccount,
  send,
  signIn,
  TEST_ORIGIN,
} from './software-authenticator.ts';

describe.each(DATABASES)('passkeys on %s', (kind) => {
  let h: Harness;
  let now = Date.UTC(2026, 10, 2, 12);
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  it('locks an account: the landing list shows the lock without gold, and its own session acts for it', async () => {
    const p = await newPlayer(h, 'lk');
    const { cookie, list } = await lockAccount(h, p.id);
    expect(list).toMatchObject({ locked: true, passkeys: [{ name: 'Test key', used_at: null }] });
    expect(cookie).toMatch(/^runeborn_session=[A-Za-z0-9_-]{40,}$/);
    const listed = await send(h, 'GET', `/api/users?q=${p.username}`);
    expect(listed.body).toEqual([{ id: p.id, username: p.username, gold: null, locked: true }]);
    expect((await send(h, 'GET', `/api/users/${p.id}`)).status).toBe(401);
    const mine = await send(h, 'GET', `/api/users/${p.id}`, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.gold).toBe(p.gold);
    expect((await send(h, 'GET', '/api/session', { cookie })).body).toMatchObject({ user_id: p.id });
  });

  it('sets the cookie HttpOnly and SameSite=Lax, Secure when the request came over HTTPS', async () => {
    const p = await newPlayer(h, 'ck');
    const opts = await send(h, 'POST', `/api/users/${p.id}/passkeys/options`);
    const { response } = createCredential(opts.body.options);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/users/${p.id}/passkeys`,
      headers: { host: 'localhost:3000' },
      payload: { challenge_id: opts.body.challenge_id, response },
    });
    const set = String(res.headers['set-cookie']);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain(`Max-Age=${SESSION_TTL_S}`);
    expect(set).not.toContain('Secure');
  });

  it('signs in with the passkey; a wrong signature, another account’s passkey or a used challenge do not', async () => {
    const a = await newPlayer(h, 'sa');
    const b = await newPlayer(h, 'sb');
    const ka = await lockAccount(h, a.id);
    const kb = await lockAccount(h, b.id);
    const cookie = await signIn(h, a.id, ka.passkey);
    expect((await send(h, 'GET', `/api/inventory?user_id=${a.id}`, { cookie })).status).toBe(200);

    const opts = await send(h, 'POST', `/api/users/${a.id}/sign-in/options`);
    expect(opts.body.options.allowCredentials).toEqual([
      expect.objectContaining({ id: ka.passkey.id, type: 'public-key' }),
    ]);
    // b's passkey answering a's challenge
    const wrong = await send(h, 'POST', `/api/users/${a.id}/sign-in`, {
      body: { challenge_id: opts.body.challenge_id, response: assert(kb.passkey, opts.body.options) },
    });
    expect(wrong).toMatchObject({ status: 401, cookie: null });
    // the challenge is gone after one use, whatever its outcome
    const again = await send(h, 'POST', `/api/users/${a.id}/sign-in`, {
      body: { challenge_id: opts.body.challenge_id, response: assert(ka.passkey, opts.body.options) },
    });
    expect(again.status).toBe(400);
    // a signature over other data
    const o2 = await send(h, 'POST', `/api/users/${a.id}/sign-in/options`);
    const forged = assert(ka.passkey, { challenge: 'AAAA' + o2.body.options.challenge.slice(4) }) as {
      response: { clientDataJSON: string };
    };
    const real = assert(ka.passkey, o2.body.options) as { response: { clientDataJSON: string } };
    forged.response.clientDataJSON = real.response.clientDataJSON;
    const bad = await send(h, 'POST', `/api/users/${a.id}/sign-in`, {
      body: { challenge_id: o2.body.challenge_id, response: forged },
    });
    expect(bad).toMatchObject({ status: 401, cookie: null });
    // another origin in the client data
    const o3 = await send(h, 'POST', `/api/users/${a.id}/sign-in/options`);
    const elsewhere = await send(h, 'POST', `/api/users/${a.id}/sign-in`, {
      body: {
        challenge_id: o3.body.challenge_id,
        response: assert(ka.passkey, o3.body.options, 'http://evil.example'),
      },
    });
    expect(elsewhere.status).toBe(401);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const p = await newPlayer(h, 'ex');
    const opts = await send(h, 'POST', `/api/users/${p.id}/passkeys/options`);
    now += 5 * 60 * 1000 + 1000;
    const { response } = createCredential(opts.body.options);
    const late = await send(h, 'POST', `/api/users/${p.id}/passkeys`, {
      body: { challenge_id: opts.body.challenge_id, response },
    });
    expect(late.status).toBe(400);
    expect((await send(h, 'GET', `/api/users/${p.id}`)).status).toBe(200);
  });

  it('keeps a session 30 days from its last use, and ends it after 30 idle days', async () => {
    const p = await newPlayer(h, 'sl');
    const { cookie } = await lockAccount(h, p.id);
    for (let i = 0; i < 3; i++) {
      now += 20 * 24 * 3600 * 1000;
      const r = await send(h, 'GET', `/api/users/${p.id}`, { cookie });
      expect(r.status).toBe(200);
      expect(r.cookie).toBe(cookie); // renewed: the same token with a fresh Max-Age
    }
    now += 30 * 24 * 3600 * 1000 + 1000;
    expect(await send(h, 'GET', `/api/users/${p.id}`, { cookie })).toMatchObject({
      status: 401,
      body: { error: LOCK_MESSAGES.signIn },
    });
    expect((await send(h, 'GET', '/api/session', { cookie })).body).toEqual({
      user_id: null,
      expires_at: null,
    });
  });

  it('adds a second passkey, removes one, never the last; unlocking opens the account again', async () => {
    const p = await newPlayer(h, 'tw');
    const first = await lockAccount(h, p.id);
    // a second passkey needs the player's session
    expect((await send(h, 'POST', `/api/users/${p.id}/passkeys/options`)).status).toBe(401);
    const second = await lockAccount(h, p.id, first.cookie);
    expect(second.list.passkeys).toHaveLength(2);
    expect(second.cookie).toBe(first.cookie); // already signed in as the player: no new session
    const removed = await send(h, 'DELETE', `/api/users/${p.id}/passkeys/${first.passkey.id}`, {
      cookie: first.cookie,
    });
    expect(removed.body.passkeys.map((k: { id: string }) => k.id)).toEqual([second.passkey.id]);
    const last = await send(h, 'DELETE', `/api/users/${p.id}/passkeys/${second.passkey.id}`, {
      cookie: first.cookie,
    });
    expect(last).toMatchObject({
      status: 409,
      body: { error: 'This is the account’s last passkey: unlock the account to remove it' },
    });
    // the removed passkey no longer signs in
    const opts = await send(h, 'POST', `/api/users/${p.id}/sign-in/options`);
    const gone = await send(h, 'POST', `/api/users/${p.id}/sign-in`, {
      body: { challenge_id: opts.body.challenge_id, response: assert(first.passkey, opts.body.options) },
    });
    expect(gone.status).toBe(401);
    // unlocking needs the session, then the account is open to anyone again
    expect((await send(h, 'POST', `/api/users/${p.id}/unlock`)).status).toBe(401);
    const unlocked = await send(h, 'POST', `/api/users/${p.id}/unlock`, { cookie: first.cookie });
    expect(unlocked.body).toEqual({ locked: false, passkeys: [] });
    expect((await send(h, 'GET', `/api/users/${p.id}`)).status).toBe(200);
    expect((await send(h, 'GET', `/api/users?q=${p.username}`)).body[0]).toMatchObject({ locked: false });
    expect((await send(h, 'POST', `/api/users/${p.id}/sign-in/options`)).status).toBe(409);
  });

  it('removes a passkey only once when two removals race (the last one stays)', async () => {
    const p = await newPlayer(h, 'rc');
    const first = await lockAccount(h, p.id);
    const second = await lockAccount(h, p.id, first.cookie);
    const both = await Promise.all(
      [first, second].map((k) =>
        send(h, 'DELETE', `/api/users/${p.id}/passkeys/${k.passkey.id}`, { cookie: first.cookie }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const left = await send(h, 'GET', `/api/users/${p.id}/passkeys`, { cookie: first.cookie });
    expect(left.body.passkeys).toHaveLength(1);
  });

  it('signs out this browser, or everywhere', async () => {
    const p = await newPlayer(h, 'so');
    const { passkey, cookie: laptop } = await lockAccount(h, p.id);
    const phone = await signIn(h, p.id, passkey);
    const tablet = await signIn(h, p.id, passkey);
    const out = await send(h, 'DELETE', '/api/session', { cookie: tablet });
    expect(out.cookie).toBe('runeborn_session=');
    expect((await send(h, 'GET', `/api/users/${p.id}`, { cookie: tablet })).status).toBe(401);
    expect((await send(h, 'GET', `/api/users/${p.id}`, { cookie: phone })).status).toBe(200);
    const everywhere = await send(h, 'DELETE', `/api/users/${p.id}/sessions`, { cookie: laptop });
    expect(everywhere.body).toEqual({ ended: 2 });
    for (const c of [laptop, phone])
      expect((await send(h, 'GET', `/api/users/${p.id}`, { cookie: c })).status).toBe(401);
    // signing in again works
    const back = await signIn(h, p.id, passkey);
    expect((await send(h, 'GET', `/api/users/${p.id}`, { cookie: back })).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const p = await newPlayer(h, 'hs');
    const { cookie } = await lockAccount(h, p.id);
    const token = cookie!.split('=')[1];
    const rows = await withStore(h, (db) =>
      db.selectFrom('sessions').selectAll().where('user_id', '=', p.id).execute(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an unsafe request sent from a page of another site, and nothing else', async () => {
    const p = await newPlayer(h, 'or');
    const item = (await send(h, 'GET', '/api/shop')).body.find(
      (i: { currency: string }) => i.currency === 'gold',
    );
    const buy = { user_id: p.id, item_id: item.id, quantity: 1 };
    const cross = await send(h, 'POST', '/api/shop/purchase', {
      body: buy,
      headers: { origin: 'https://evil.example' },
    });
    expect(cross).toMatchObject({ status: 403, body: { error: LOCK_MESSAGES.crossOrigin } });
    const nul = await send(h, 'POST', '/api/shop/purchase', { body: buy, headers: { origin: 'null' } });
    expect(nul.status).toBe(403);
    const site = await send(h, 'POST', '/api/shop/purchase', {
      body: buy,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(site.status).toBe(403);
    expect((await send(h, 'GET', `/api/users/${p.id}`)).body.gold).toBe(p.gold);
    const same = await send(h, 'POST', '/api/shop/purchase', { body: buy, headers: { origin: TEST_ORIGIN } });
    expect(same.status).toBe(200);
    // a read from another site is not refused (CORS keeps its answer from that page)
    const read = await send(h, 'GET', `/api/users/${p.id}`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });
});

describe('passkey ceremonies under rate limits', () => {
  it('counts each kind of ceremony per client, refusing past the limit with 429', async () => {
    const h = await startHarness('sqlite', {
      rateLimits: { users: 10, generate: 10, odds: 10, fights: 10, passkeys: 2 },
    });
    try {
      const p = await newPlayer(h, 'rl');
      await lockAccount(h, p.id);
      const asks = [];
      for (let i = 0; i < 3; i++)
        asks.push((await send(h, 'POST', `/api/users/${p.id}/sign-in/options`)).status);
      expect(asks).toEqual([200, 200, 429]);
    } finally {
      await h.close();
    }
  });
});
