// The live socket (GET /api/live, WebSocket) on the real server, SQLite and PostgreSQL: a challenge reaches the
// player challenged, and its acceptance the challenger; both watch the match, a choice sent over the socket tells
// the other side who has chosen (never what), each turn reaches both once and in order with its events; a socket
// closed mid-match and opened again with the last version it saw gets exactly what it missed; the end comes as
// `over`; odd messages (not JSON, unknown, too large, a flood) are answered with an error and close nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { AcceptChallengeResponse, Challenge, MatchView, type LiveServerMessage } from '../../src/api/live.ts';
import { LIVE_LEASE_MS } from '../../src/server/fights/live-matches.ts';
import { DATABASES, giveHero, newPlayer, startHarness, withStore, type Harness } from './helpers.ts';

/** A socket's messages as they come, and a way to wait for one. */
function listen(ws: WebSocket) {
  const got: LiveServerMessage[] = [];
  ws.on('message', (data: Buffer) => got.push(JSON.parse(data.toString()) as LiveServerMessage));
  return {
    got,
    /** the first message since `from` (an index into got) that `match` accepts */
    async next<T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T, from = 0): Promise<T> {
      await expect.poll(() => got.slice(from).some(match), { timeout: 5000 }).toBe(true);
      return got.slice(from).find(match)!;
    },
  };
}
const is =
  <K extends LiveServerMessage['type']>(type: K, matchId?: string) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: K }> =>
    m.type === type && (matchId === undefined || !('match_id' in m) || m.match_id === matchId);

describe.each(DATABASES)('the live socket on %s', (kind) => {
  let h: Harness;
  let now = Date.parse('2026-11-30T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now, live: { reconnectSeconds: 20 } });
  });
  afterAll(async () => h?.close());

  async function player(n: number) {
    const p = await newPlayer(h, 'sock');
    const heroes = [];
    for (let i = 0; i < n; i++) heroes.push(await giveHero(h, p.id, 3, 5));
    return { ...p, heroes };
  }
  const socket = (userId: string) => h.app.injectWS(`/api/live?user_id=${userId}`);
  const match = async (id: string, userId?: string) =>
    MatchView.parse((await h.call('GET', `/api/matches/${id}${userId ? `?user_id=${userId}` : ''}`)).body);
  /** Two players of one hero each, and the match a's challenge to b opened. */
  async function oneOnOne() {
    const a = await player(1);
    const b = await player(1);
    const made = Challenge.parse(
      (
        await h.call('POST', '/api/challenges', {
          user_id: a.id,
          hero_ids: [a.heroes[0].id],
          opponent_id: b.id,
        })
      ).body,
    );
    const accepted = await h.call('POST', `/api/challenges/${made.id}/accept`, {
      user_id: b.id,
      hero_ids: [b.heroes[0].id],
    });
    return { a, b, match_id: AcceptChallengeResponse.parse(accepted.body).match_id };
  }
  const defendAll = (m: MatchView) => m.options.map((o) => ({ hero_id: o.hero_id, ability_id: 'defend' }));
  const attackAll = (m: MatchView) => m.options.map((o) => ({ hero_id: o.hero_id, ability_id: 'attack' }));

  it('carries a challenge, its acceptance, who has chosen, each turn once and in order, and the end', async () => {
    const a = await player(2);
    const b = await player(2);
    const wa = await socket(a.id);
    const wb = await socket(b.id);
    const la = listen(wa);
    const lb = listen(wb);
    try {
      const made = Challenge.parse(
        (
          await h.call('POST', '/api/challenges', {
            user_id: a.id,
            hero_ids: a.heroes.map((x) => x.id),
            opponent_id: b.id,
          })
        ).body,
      );
      expect((await lb.next(is('challenge'))).challenge.id).toBe(made.id);
      const { match_id } = AcceptChallengeResponse.parse(
        (
          await h.call('POST', `/api/challenges/${made.id}/accept`, {
            user_id: b.id,
            hero_ids: b.heroes.map((x) => x.id),
          })
        ).body,
      );
      expect((await la.next(is('challenge'))).challenge.match_id).toBe(match_id);

      for (const ws of [wa, wb]) ws.send(JSON.stringify({ type: 'watch', match_id }));
      expect((await la.next(is('state', match_id))).version).toBe(0);
      expect((await lb.next(is('state', match_id))).version).toBe(0);

      // Turns, chosen over the socket, until the match ends (b attacks, a defends: it ends).
      const listeners = [la, lb];
      const players = [a, b];
      for (let guard = 0; guard < 200; guard++) {
        const m = await match(match_id);
        if (m.status !== 'in_play') break;
        const from = [la.got.length, lb.got.length];
        const sides = [0, 1].filter((s) => m.sides[s].acting.length > 0);
        for (const [k, s] of sides.entries()) {
          const mine = await match(match_id, players[s].id);
          const actions = s === 0 ? defendAll(mine) : attackAll(mine);
          (s === 0 ? wa : wb).send(JSON.stringify({ type: 'choose', match_id, turn: m.turn, actions }));
          if (k === 0 && sides.length === 2) {
            // the other side hears who has chosen, never what
            const other = listeners[1 - s];
            const chosen = await other.next(is('chosen', match_id), from[1 - s]);
            expect(chosen).toEqual({ type: 'chosen', match_id, turn: m.turn, user_id: players[s].id });
          }
        }
        for (const [s, l] of listeners.entries()) {
          const turn = await l.next(is('turn', match_id), from[s]);
          expect(turn.version).toBe(m.version + 1);
          expect(turn.turn).toBe(m.turn);
          expect(turn.events.length).toBeGreaterThan(0);
          // it carries the match as it then stands for its reader — the read the screen needs no more
          const { events: _log, ...read } = await match(match_id, players[s].id);
          if (read.version === turn.version)
            expect(turn.match).toEqual({ ...read, spectators: turn.match!.spectators });
        }
      }
      const end = await match(match_id);
      expect(end.status).toBe('over');
      for (const l of listeners) {
        const over = await l.next(is('over', match_id));
        expect(over).toMatchObject({ version: end.version, winner_id: end.winner_id });
        // every version once, in order, and the turns' events are the match's own
        const versions = l.got.filter(
          (x) => (x.type === 'turn' || x.type === 'over') && x.match_id === match_id,
        );
        expect(versions.map((x) => (x as { version: number }).version)).toEqual(
          Array.from({ length: end.version }, (_, k) => k + 1),
        );
        const told = l.got.flatMap((x) => (x.type === 'turn' ? x.events : []));
        expect(end.events.slice(end.events.length - told.length)).toEqual(told);
      }
    } finally {
      wa.terminate();
      wb.terminate();
    }
  });

  it('tells the challenger of a decline, and the one challenged of a cancel', async () => {
    const a = await player(1);
    const b = await player(1);
    const wa = await socket(a.id);
    const wb = await socket(b.id);
    const la = listen(wa);
    const lb = listen(wb);
    try {
      const make = async () =>
        Challenge.parse(
          (
            await h.call('POST', '/api/challenges', {
              user_id: a.id,
              hero_ids: [a.heroes[0].id],
              opponent_id: b.id,
            })
          ).body,
        );
      const declined = await make();
      expect((await h.call('POST', `/api/challenges/${declined.id}/decline`, { user_id: b.id })).status).toBe(
        200,
      );
      const told = await la.next(
        (m): m is Extract<LiveServerMessage, { type: 'challenge' }> =>
          m.type === 'challenge' && m.challenge.id === declined.id,
      );
      expect(told.challenge.status).toBe('declined');
      const cancelled = await make();
      await lb.next(
        (m): m is Extract<LiveServerMessage, { type: 'challenge' }> =>
          m.type === 'challenge' && m.challenge.id === cancelled.id,
      );
      expect((await h.call('POST', `/api/challenges/${cancelled.id}/cancel`, { user_id: a.id })).status).toBe(
        200,
      );
      await expect
        .poll(() =>
          lb.got.some(
            (m) =>
              m.type === 'challenge' && m.challenge.id === cancelled.id && m.challenge.status === 'cancelled',
          ),
        )
        .toBe(true);
    } finally {
      wa.terminate();
      wb.terminate();
    }
  });

  it('a socket closed mid-match, opened again with the last version it saw, gets exactly what it missed', async () => {
    const a = await player(3);
    const b = await player(3);
    const made = Challenge.parse(
      (await h.call('POST', '/api/challenges', { user_id: a.id, hero_ids: a.heroes.map((x) => x.id) })).body,
    );
    const { match_id } = AcceptChallengeResponse.parse(
      (
        await h.call('POST', `/api/challenges/${made.id}/accept`, {
          user_id: b.id,
          hero_ids: b.heroes.map((x) => x.id),
        })
      ).body,
    );
    const first = await socket(a.id);
    const l1 = listen(first);
    first.send(JSON.stringify({ type: 'watch', match_id }));
    await l1.next(is('state', match_id));
    // two turns played while a is away (both sides defend: the match goes on)
    first.terminate();
    for (let t = 0; t < 2; t++) {
      const m = await match(match_id);
      for (const [s, p] of [a, b].entries())
        if (m.sides[s].acting.length > 0) {
          const mine = await match(match_id, p.id);
          const r = await h.call('POST', `/api/matches/${match_id}/choices`, {
            user_id: p.id,
            turn: m.turn,
            actions: defendAll(mine),
          });
          expect(r.status, JSON.stringify(r.body)).toBe(202);
        }
    }
    const now = await match(match_id);
    expect(now.version).toBe(2);
    const again = await socket(a.id);
    const l2 = listen(again);
    try {
      again.send(JSON.stringify({ type: 'watch', match_id, since_version: 0 }));
      await l2.next(is('turn', match_id));
      await expect.poll(() => l2.got.filter((x) => x.type === 'turn').length).toBe(2);
      const turns = l2.got.filter((x) => x.type === 'turn');
      expect(turns.map((x) => x.version)).toEqual([1, 2]);
      // the catch-up's last step carries the match as it stands (a's options with it); the steps before, only events
      expect(turns[0]!.match).toBeUndefined();
      const { events: _log, ...read } = await match(match_id, a.id);
      expect(turns[1]!.match).toEqual({ ...read, spectators: turns[1]!.match!.spectators });
      // no whole state instead of the turns: one comes only for a's return (a presence, no new version), after them
      const lastTurn = l2.got.findLastIndex((x) => x.type === 'turn');
      for (const [i, x] of l2.got.entries())
        if (x.type === 'state') {
          expect(x.version).toBe(2);
          expect(i).toBeGreaterThan(lastTurn);
        }
      // watching again sends nothing it already sent
      again.send(JSON.stringify({ type: 'watch', match_id, since_version: 0 }));
      again.send(JSON.stringify({ type: 'nonsense' }));
      await l2.next(is('error'));
      expect(l2.got.filter((x) => x.type === 'turn')).toHaveLength(2);
    } finally {
      again.terminate();
    }
  });

  it('a player whose sockets all left is shown away with when they lose; past LIVE_RECONNECT_SECONDS they do', async () => {
    const { a, b, match_id } = await oneOnOne();
    const wa = await socket(a.id);
    const wb = await socket(b.id);
    const watcher = await h.app.injectWS('/api/live'); // no player: a spectator
    const lb = listen(wb);
    const lw = listen(watcher);
    try {
      for (const ws of [wa, wb, watcher]) ws.send(JSON.stringify({ type: 'watch', match_id }));
      await expect
        .poll(async () => (await match(match_id)).sides.map((x) => x.connected))
        .toEqual([true, true]);
      await expect.poll(async () => (await match(match_id)).spectators).toBe(1);
      await lw.next(is('state', match_id));
      // a spectator watches, never plays
      watcher.send(JSON.stringify({ type: 'choose', match_id, turn: 1, actions: [] }));
      await lw.next(is('error'));
      // turn 1 chosen by both (from here leaving is a loss, not an abort)
      for (const [side, p] of [a, b].entries()) {
        const mine = await match(match_id, p.id);
        if (mine.version === 0 && mine.sides[side].acting.length > 0)
          expect(
            (
              await h.call('POST', `/api/matches/${match_id}/choices`, {
                user_id: p.id,
                turn: mine.turn,
                actions: defendAll(mine),
              })
            ).status,
          ).toBe(202);
      }
      expect((await match(match_id)).version).toBeGreaterThan(0);
      const from = lb.got.length;
      wa.terminate();
      // b is told a left, and when a loses if they do not return
      const away = await lb.next(
        (m): m is Extract<LiveServerMessage, { type: 'state' }> =>
          m.type === 'state' && !m.match.sides[0].connected,
        from,
      );
      expect(away.match.sides[0].forfeits_at).toBe(now + 20_000);
      expect(away.match.status).toBe('in_play');
      now += 21_000;
      const over = await lb.next(is('over', match_id), from);
      expect(over.winner_id).toBe(b.id);
      expect((await match(match_id)).status).toBe('over');
    } finally {
      for (const ws of [wb, watcher]) ws.terminate();
    }
  });

  it('the sockets of an instance that died stop counting: its player is shown away, and loses if not back', async () => {
    const { a, b, match_id } = await oneOnOne();
    // a's socket is on another instance, alive now (its beat, its row of live_presence)…
    await withStore(h, async (db) => {
      await db.insertInto('live_instances').values({ instance: 'elsewhere:1', renewed_at: now }).execute();
      await db
        .insertInto('live_presence')
        .values({ match_id, side: 0, instance: 'elsewhere:1', sockets: 1 })
        .execute();
    });
    const wb = await socket(b.id);
    const lb = listen(wb);
    try {
      wb.send(JSON.stringify({ type: 'watch', match_id }));
      await expect
        .poll(async () => (await match(match_id)).sides.map((x) => x.connected))
        .toEqual([true, true]);
      for (const [side, p] of [a, b].entries()) {
        const mine = await match(match_id, p.id);
        if (mine.version === 0 && mine.sides[side].acting.length > 0)
          await h.call('POST', `/api/matches/${match_id}/choices`, {
            user_id: p.id,
            turn: mine.turn,
            actions: defendAll(mine),
          });
      }
      expect((await match(match_id)).version).toBeGreaterThan(0);
      // …and then dies: it says nothing more, and once its beat lapses its socket no longer counts
      const from = lb.got.length;
      now += LIVE_LEASE_MS + 1_000;
      const away = await lb.next(
        (m): m is Extract<LiveServerMessage, { type: 'state' }> =>
          m.type === 'state' && !m.match.sides[0].connected,
        from,
      );
      expect(away.match.sides[0].forfeits_at).toBe(now + 20_000);
      expect(away.match.sides[1].connected).toBe(true);
      now += 21_000;
      expect((await lb.next(is('over', match_id), from)).winner_id).toBe(b.id);
    } finally {
      wb.terminate();
    }
  });

  it('a player who leaves before both chose on turn 1 aborts the match, unrated', async () => {
    const { a, match_id } = await oneOnOne();
    const wa = await socket(a.id);
    wa.send(JSON.stringify({ type: 'watch', match_id }));
    await expect.poll(async () => (await match(match_id)).sides[0].connected).toBe(true);
    wa.terminate();
    await expect.poll(async () => (await match(match_id)).sides[0].forfeits_at).not.toBeNull();
    now += 21_000;
    await expect.poll(async () => (await match(match_id)).status).toBe('aborted');
    const m = await match(match_id);
    expect(m.winner_id).toBeNull();
    expect(m.sides.map((x) => x.rating)).toEqual([null, null]);
  });

  it('answers odd messages with an error and closes nothing, its own socket or another', async () => {
    const a = await player(1);
    const b = await player(1);
    const wa = await socket(a.id);
    const wb = await socket(b.id);
    const la = listen(wa);
    const lb = listen(wb);
    try {
      wa.send('not json');
      expect((await la.next(is('error'))).error).toBe('A message is JSON text.');
      wa.send(JSON.stringify({ type: 'launch' }));
      expect((await la.next(is('error'), 1)).error).toMatch(/^Not a message of this socket/);
      wa.send(JSON.stringify({ type: 'watch', match_id: 'm_none' }));
      expect((await la.next(is('error'), 2)).error).toBe('Match not found');
      wa.send('x'.repeat(1024 * 1024));
      expect((await la.next(is('error'), 3)).error).toMatch(/at most 64 KB/);
      for (let i = 0; i < 200; i++) wa.send(JSON.stringify({ type: 'watch', match_id: 'm_none' }));
      await expect
        .poll(() => la.got.some((x) => x.type === 'error' && /Too many messages/.test(x.error)))
        .toBe(true);
      // both sockets still carry messages
      await h.call('POST', '/api/challenges', {
        user_id: b.id,
        hero_ids: [b.heroes[0].id],
        opponent_id: a.id,
      });
      await la.next(is('challenge'));
      await h.call('POST', '/api/challenges', {
        user_id: a.id,
        hero_ids: [a.heroes[0].id],
        opponent_id: b.id,
      });
      await lb.next(is('challenge'));
      expect(wa.readyState).toBe(wa.OPEN);
    } finally {
      wa.terminate();
      wb.terminate();
    }
  });

  it('tells the sockets of a guild’s members watching its board of each new message, and no one else', async () => {
    const [a, b, c] = [await newPlayer(h, 'gs'), await newPlayer(h, 'gs'), await newPlayer(h, 'gs')];
    const name = `Gs${Math.random().toString(36).slice(2, 10)}`;
    const g = (await h.call('POST', '/api/guilds', { user_id: a.id, name, join_policy: 'open' })).body;
    expect((await h.call('POST', `/api/guilds/${g.id}/join`, { user_id: b.id })).status).toBe(200);
    const [wa, wb, wc] = [await socket(a.id), await socket(b.id), await socket(c.id)];
    const [la, lb, lc] = [listen(wa), listen(wb), listen(wc)];
    try {
      wb.send(JSON.stringify({ type: 'watch_guild', guild_id: g.id }));
      // a stranger may not watch the guild: refused in words
      wc.send(JSON.stringify({ type: 'watch_guild', guild_id: g.id }));
      expect((await lc.next(is('error'))).error).toMatch(/not a member/);
      const written = await h.call('POST', `/api/guilds/${g.id}/messages`, {
        user_id: a.id,
        text: 'to arms',
      });
      expect(written.status).toBe(201);
      const told = await lb.next(is('guild_message'));
      expect(told).toEqual({ type: 'guild_message', guild_id: g.id, message_id: written.body.id });
      // b's board reads it then; the note says only that it was written
      expect(JSON.stringify(told)).not.toContain('to arms');
      // a member removed hears no more of the guild; a socket that did not watch hears nothing
      await h.call('POST', `/api/guilds/${g.id}/members/${b.id}/remove`, { user_id: a.id });
      const after = lb.got.length;
      await h.call('POST', `/api/guilds/${g.id}/messages`, { user_id: a.id, text: 'again' });
      await new Promise((r) => setTimeout(r, 300));
      expect(lb.got.slice(after).filter(is('guild_message'))).toEqual([]);
      expect([...la.got, ...lc.got].filter(is('guild_message'))).toEqual([]);
    } finally {
      for (const ws of [wa, wb, wc]) ws.terminate();
    }
  });
});
