// Live play over HTTP on the real server, SQLite and PostgreSQL (src/server/fights/challenges.ts, live-matches.ts):
// a challenge made, listed, accepted (50 accepts at once make one match), declined, cancelled, lapsed by the clock —
// each closed one refused with a 409 in words; a match played to its end by both players choosing turn by turn (a
// choice changed before the other side chose, a choice for another turn refused, the same choice twice counted
// once); a forfeit before both chose on turn 1 aborts, after it loses; bad input a 4xx that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AcceptChallengeResponse,
  Challenge,
  ChallengesResponse,
  ChoicesResponse,
  MatchView,
} from '../../src/api/live.ts';
import { CHALLENGE_SECONDS } from '../../src/server/fights/challenges.ts';
import { LIVE_PAID_MATCHES_A_DAY, settleMatch } from '../../src/server/fights/kinds/live.ts';
import { openStore } from '../../src/server/store/db.ts';
import { DATABASES, giveHero, newPlayer, startHarness, type Harness } from './helpers.ts';

describe.each(DATABASES)('live play on %s', (kind) => {
  let h: Harness;
  let now = Date.parse('2026-11-30T12:00:00Z');
  beforeAll(async () => {
    h = await startHarness(kind, { clock: () => now });
  });
  afterAll(async () => h?.close());

  /** A player with `n` heroes of level 5, 3★. */
  async function player(n: number) {
    const p = await newPlayer(h, 'live');
    const heroes = [];
    for (let i = 0; i < n; i++) heroes.push(await giveHero(h, p.id, 3, 5));
    return { ...p, heroes };
  }
  const challenge = async (userId: string, heroIds: string[], opponentId?: string) => {
    const r = await h.call('POST', '/api/challenges', {
      user_id: userId,
      hero_ids: heroIds,
      opponent_id: opponentId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Challenge.parse(r.body);
  };
  const match = async (id: string, userId?: string) => {
    const r = await h.call('GET', `/api/matches/${id}${userId ? `?user_id=${userId}` : ''}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return MatchView.parse(r.body);
  };
  /** Each of the player's acting heroes takes its first option (as the option's id names it: ability:target). */
  const firstOptions = (m: MatchView) =>
    m.options.map((o) => {
      const [ability_id, target] = o.options[0].id.split(':');
      return { hero_id: o.hero_id, ability_id, ...(target !== 'none' && { target_id: target }) };
    });
  const choose = (id: string, userId: string, turn: number, actions: unknown[]) =>
    h.call('POST', `/api/matches/${id}/choices`, { user_id: userId, turn, actions });

  it('a challenge is made with its honest chance, listed both ways, and read by its link', async () => {
    const a = await player(2);
    const b = await player(3);
    const c = await challenge(
      a.id,
      a.heroes.map((x) => x.id),
      b.id,
    );
    expect(c.status).toBe('open');
    expect(c.url).toBe(`/duel/${c.id}`);
    expect(c.size).toBe(2);
    expect(c.created_at).toBe(Math.floor(now / 1000));
    expect(c.expires_at).toBe(Math.floor(now / 1000) + CHALLENGE_SECONDS);
    expect(c.probability).toBeGreaterThanOrEqual(0);
    expect(c.probability).toBeLessThanOrEqual(1);
    expect(c.heroes.map((x) => x.id)).toEqual(a.heroes.map((x) => x.id));
    const mine = ChallengesResponse.parse((await h.call('GET', `/api/challenges?user_id=${a.id}`)).body);
    const theirs = ChallengesResponse.parse((await h.call('GET', `/api/challenges?user_id=${b.id}`)).body);
    expect(mine.outgoing.map((x) => x.id)).toContain(c.id);
    expect(theirs.incoming.map((x) => x.id)).toContain(c.id);
    expect(Challenge.parse((await h.call('GET', `/api/challenges/${c.id}`)).body).id).toBe(c.id);
    // an open link: no opponent, no stated chance
    const open = await challenge(a.id, [a.heroes[0].id]);
    expect(open.opponent).toBeNull();
    expect(open.probability).toBeNull();
  });

  it('50 accepts at once make one match; an accepted challenge then answers 409', async () => {
    const a = await player(1);
    const c = await challenge(a.id, [a.heroes[0].id]); // an open link
    const takers = await Promise.all(Array.from({ length: 5 }, () => player(1)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        h.call('POST', `/api/challenges/${c.id}/accept`, {
          user_id: takers[k % 5].id,
          hero_ids: [takers[k % 5].heroes[0].id],
        }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect((r.body as { error: string }).error).toBe('This challenge was already accepted.');
    }
    const { match_id } = AcceptChallengeResponse.parse(ok[0].body);
    const m = await match(match_id);
    expect(m.status).toBe('in_play');
    expect(m.turn).toBe(1);
    expect(m.sides[0].user_id).toBe(a.id);
    expect(Challenge.parse((await h.call('GET', `/api/challenges/${c.id}`)).body)).toMatchObject({
      status: 'accepted',
      match_id,
    });
  });

  it('declined, cancelled and lapsed challenges are closed, each refused in words', async () => {
    const a = await player(1);
    const b = await player(1);
    const accept = (id: string) =>
      h.call('POST', `/api/challenges/${id}/accept`, { user_id: b.id, hero_ids: [b.heroes[0].id] });

    const declined = await challenge(a.id, [a.heroes[0].id], b.id);
    expect((await h.call('POST', `/api/challenges/${declined.id}/decline`, { user_id: b.id })).status).toBe(
      200,
    );
    expect(await accept(declined.id)).toMatchObject({
      status: 409,
      body: { error: 'This challenge was declined.' },
    });

    const cancelled = await challenge(a.id, [a.heroes[0].id], b.id);
    expect((await h.call('POST', `/api/challenges/${cancelled.id}/cancel`, { user_id: b.id })).status).toBe(
      403,
    );
    expect((await h.call('POST', `/api/challenges/${cancelled.id}/cancel`, { user_id: a.id })).status).toBe(
      200,
    );
    expect(await accept(cancelled.id)).toMatchObject({
      status: 409,
      body: { error: 'This challenge was cancelled.' },
    });

    const lapsed = await challenge(a.id, [a.heroes[0].id], b.id);
    now += CHALLENGE_SECONDS * 1000;
    expect(await accept(lapsed.id)).toMatchObject({
      status: 409,
      body: { error: 'This challenge has expired.' },
    });
    expect(Challenge.parse((await h.call('GET', `/api/challenges/${lapsed.id}`)).body).status).toBe(
      'expired',
    );
    const listed = ChallengesResponse.parse((await h.call('GET', `/api/challenges?user_id=${b.id}`)).body);
    expect(listed.incoming.map((x) => x.id)).not.toContain(lapsed.id);

    // one's own, the wrong size, another player's heroes
    const fresh = await challenge(a.id, [a.heroes[0].id], b.id);
    expect(
      (
        await h.call('POST', `/api/challenges/${fresh.id}/accept`, {
          user_id: a.id,
          hero_ids: [a.heroes[0].id],
        })
      ).status,
    ).toBe(409);
    const c2 = await player(2);
    expect(
      (
        await h.call('POST', `/api/challenges/${fresh.id}/accept`, {
          user_id: b.id,
          hero_ids: [b.heroes[0].id, c2.heroes[0].id],
        })
      ).status,
    ).toBe(400);
    expect((await h.call('POST', '/api/challenges', { user_id: a.id, hero_ids: [a.id] })).status).toBe(404);
    expect(
      (
        await h.call('POST', '/api/challenges', {
          user_id: a.id,
          hero_ids: [a.heroes[0].id],
          opponent_id: a.id,
        })
      ).status,
    ).toBe(400);
    expect((await h.call('POST', '/api/challenges', { user_id: a.id, hero_ids: [] })).status).toBe(400);
    expect(
      (await h.call('POST', '/api/challenges', { user_id: a.id, hero_ids: [c2.heroes[0].id] })).status,
    ).toBe(403);
    expect(Challenge.parse((await h.call('GET', `/api/challenges/${fresh.id}`)).body).status).toBe('open');
  });

  it('both players choose each turn, the turn plays when both have, and the match ends with a winner', async () => {
    const a = await player(2);
    const b = await player(2);
    const c = await challenge(
      a.id,
      a.heroes.map((x) => x.id),
      b.id,
    );
    const accepted = await h.call('POST', `/api/challenges/${c.id}/accept`, {
      user_id: b.id,
      hero_ids: b.heroes.map((x) => x.id),
    });
    const { match_id } = AcceptChallengeResponse.parse(accepted.body);
    const players = [a, b];
    let m = await match(match_id);
    let version = m.version;
    let turnsPlayed = 0;
    let changedOnce = false;
    for (let guard = 0; m.status === 'in_play' && guard < 200; guard++) {
      const turn = m.turn;
      for (const [side, p] of players.entries()) {
        const mine = await match(match_id, p.id);
        if (mine.sides[side].acting.length === 0) continue;
        const actions = firstOptions(mine);
        // A choice for another turn changes nothing.
        expect((await choose(match_id, p.id, turn + 1, actions)).status).toBe(409);
        if (turn > 1) expect((await choose(match_id, p.id, turn - 1, actions)).status).toBe(409);
        if (side === 0 && !changedOnce) {
          // chosen, then changed before the other side chose: only the last counts
          const first = await choose(match_id, p.id, turn, actions);
          expect(first.status, JSON.stringify(first.body)).toBe(202);
          expect(ChoicesResponse.parse(first.body).resolved).toBe(mine.sides[1].acting.length === 0);
          changedOnce = true;
          if (ChoicesResponse.parse(first.body).resolved) break;
          const seen = await match(match_id);
          expect(seen.sides[0].chosen).toBe(true);
          expect(JSON.stringify(seen)).not.toContain('choice'); // who has chosen, never what
        }
        const r = await choose(match_id, p.id, turn, actions);
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        if (ChoicesResponse.parse(r.body).resolved) break;
      }
      m = await match(match_id);
      // a turn raises the version by one; the match's end by one more
      expect(m.version).toBe(version + (m.status === 'over' ? 2 : 1));
      version = m.version;
      turnsPlayed++;
    }
    expect(m.status).toBe('over');
    expect(turnsPlayed).toBeGreaterThan(2);
    expect([a.id, b.id, null]).toContain(m.winner_id);
    expect(m.events.at(-1)?.kind).toBe('end');
    expect((await choose(match_id, a.id, m.turn, [])).status).toBe(409);
    expect((await h.call('POST', `/api/matches/${match_id}/forfeit`, { user_id: a.id })).status).toBe(409);
  });

  it('refuses a choice that is not the player’s to make, and a stranger’s, changing nothing', async () => {
    const a = await player(1);
    const b = await player(1);
    const stranger = await player(1);
    const c = await challenge(a.id, [a.heroes[0].id], b.id);
    const { match_id } = AcceptChallengeResponse.parse(
      (await h.call('POST', `/api/challenges/${c.id}/accept`, { user_id: b.id, hero_ids: [b.heroes[0].id] }))
        .body,
    );
    const before = await match(match_id);
    const side = before.sides[0].acting.length > 0 ? 0 : 1;
    const p = side === 0 ? a : b;
    const foeHero = (side === 0 ? b : a).heroes[0].id;
    expect((await choose(match_id, stranger.id, 1, [])).status).toBe(403);
    const wrong = await choose(match_id, p.id, 1, [{ hero_id: foeHero, ability_id: 'attack' }]);
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: string }).error).toMatch(/Not one of your heroes/);
    expect(
      (await choose(match_id, p.id, 1, [{ hero_id: p.heroes[0].id, ability_id: 'no-such' }])).status,
    ).toBe(400);
    expect((await choose(match_id, p.id, 'one' as unknown as number, [])).status).toBe(400);
    expect((await h.call('GET', '/api/matches/m_nothing')).status).toBe(404);
    const after = await match(match_id);
    expect(after.version).toBe(before.version);
    expect(after.sides.map((s) => s.chosen)).toEqual([false, false]);
  });

  it('a forfeit before both sides chose on turn 1 aborts the match; after, the other side wins', async () => {
    const a = await player(1);
    const b = await player(1);
    const open = async () => {
      const c = await challenge(a.id, [a.heroes[0].id], b.id);
      return AcceptChallengeResponse.parse(
        (
          await h.call('POST', `/api/challenges/${c.id}/accept`, {
            user_id: b.id,
            hero_ids: [b.heroes[0].id],
          })
        ).body,
      ).match_id;
    };
    const early = await open();
    const left = await h.call('POST', `/api/matches/${early}/forfeit`, { user_id: b.id });
    expect(left.status).toBe(200);
    expect(MatchView.parse(left.body)).toMatchObject({ status: 'aborted', winner_id: null });

    const later = await open();
    let m = await match(later);
    for (const [side, p] of [a, b].entries()) {
      const mine = await match(later, p.id);
      if (mine.sides[side].acting.length > 0) await choose(later, p.id, 1, firstOptions(mine));
    }
    m = await match(later);
    if (m.status === 'in_play') {
      const gone = await h.call('POST', `/api/matches/${later}/forfeit`, { user_id: a.id });
      expect(MatchView.parse(gone.body)).toMatchObject({ status: 'over', winner_id: b.id });
    }
  });

  /** Opens a match of a against b (a's and b's heroes as given) and plays turn 1; a then forfeits if it goes on. */
  async function playShort(a: { id: string }, b: { id: string }, aHeroes: string[], bHeroes: string[]) {
    const c = await challenge(a.id, aHeroes, b.id);
    const { match_id } = AcceptChallengeResponse.parse(
      (await h.call('POST', `/api/challenges/${c.id}/accept`, { user_id: b.id, hero_ids: bHeroes })).body,
    );
    for (const [side, p] of [a, b].entries()) {
      const mine = await match(match_id, p.id);
      // (turn 1 is played once both sides with a hero acting in it have chosen: then leaving is a loss)
      if (mine.status === 'in_play' && mine.version === 0 && mine.sides[side].acting.length > 0) {
        const r = await choose(match_id, p.id, mine.turn, firstOptions(mine));
        expect(r.status, JSON.stringify(r.body)).toBe(202);
      }
    }
    if ((await match(match_id)).status === 'in_play')
      expect((await h.call('POST', `/api/matches/${match_id}/forfeit`, { user_id: a.id })).status).toBe(200);
    return match(match_id);
  }
  const ledgerOf = async (userId: string) =>
    (
      (await h.call('GET', `/api/users/${userId}/ledger?limit=100`)).body as {
        entries: { reason: string; ref: string | null; delta: number; currency: string }[];
      }
    ).entries;

  it('an ended match is rated and paid once: each player’s record and replay, the winner’s pay, both ratings', async () => {
    const a = await player(1);
    const b = await player(1);
    const m = await playShort(a, b, [a.heroes[0].id], [b.heroes[0].id]);
    expect(m.status).toBe('over');
    expect(m.winner_id).not.toBeNull();
    expect(m.pays).toBe(true);
    expect(m.probability).toBeGreaterThan(0);
    const w = m.sides.findIndex((s) => s.user_id === m.winner_id);
    const winner = m.sides[w];
    const loser = m.sides[1 - w];
    expect(winner.battle_id).not.toBeNull();
    expect(loser.battle_id).not.toBeNull();
    expect(winner.rewards!.gold).toBeGreaterThan(0);
    expect(loser.rewards).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 });
    expect(winner.rating!.after.rating).toBeGreaterThan(winner.rating!.before.rating);
    expect(loser.rating!.after.rating).toBeLessThan(loser.rating!.before.rating);
    expect(winner.rating!.after.games).toBe(1);
    // the winner's pay is in the ledger once, by the record it was paid for
    const paid = (await ledgerOf(winner.user_id)).filter((e) => e.reason === 'live_reward');
    expect(paid.filter((e) => e.currency === 'gold')).toEqual([
      expect.objectContaining({ ref: winner.battle_id, delta: winner.rewards!.gold }),
    ]);
    expect((await ledgerOf(loser.user_id)).some((e) => e.reason === 'live_reward')).toBe(false);
    // each record plays again on the replay page, naming both players, its own player first
    for (const side of [winner, loser]) {
      const r = await h.call('GET', `/api/battles/${side.battle_id}/replay`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const replay = r.body as {
        players: string[];
        status: string;
        events: unknown[];
        allies: { id: string }[];
      };
      expect(replay.players).toEqual([side.username, (side === winner ? loser : winner).username]);
      expect(replay.status).toBe(side === winner ? 'won' : 'lost');
      expect(replay.events.length).toBeGreaterThan(0);
      expect(replay.allies.map((x) => x.id)).toEqual(side.heroes.map((x) => x.id));
    }
    // the ratings, on each player and on the live ladder
    for (const side of [winner, loser]) {
      const u = (await h.call('GET', `/api/users/${side.user_id}`)).body as { live_rating: unknown };
      expect(u.live_rating).toEqual(side.rating!.after);
    }
    const board = (await h.call('GET', '/api/live/leaderboard?limit=100')).body as {
      players: { user_id: string; rating: number; games: number }[];
    };
    const ranked = board.players.map((x) => x.user_id);
    expect(ranked.indexOf(winner.user_id)).toBeLessThan(ranked.indexOf(loser.user_id));
    expect(ranked.indexOf(loser.user_id)).toBeGreaterThanOrEqual(0);
    // settled again (another instance's sweep, a retry): nothing more
    const store = openStore(h.db.url, { poolSize: 1 });
    try {
      await settleMatch(store.db, m.id);
    } finally {
      await store.close();
    }
    expect((await ledgerOf(winner.user_id)).filter((e) => e.reason === 'live_reward')).toHaveLength(
      paid.length,
    );
    expect(await match(m.id)).toMatchObject({ sides: m.sides.map((x) => ({ rating: x.rating })) });
  });

  it(`the same two players' matches pay for the day's first ${LIVE_PAID_MATCHES_A_DAY}; later ones rate but pay nothing`, async () => {
    const a = await player(1);
    const b = await player(1);
    const ended = [];
    for (let k = 0; k <= LIVE_PAID_MATCHES_A_DAY; k++)
      ended.push(await playShort(a, b, [a.heroes[0].id], [b.heroes[0].id]));
    expect(ended.map((m) => m.pays)).toEqual([...Array(LIVE_PAID_MATCHES_A_DAY).fill(true), false]);
    const last = ended.at(-1)!;
    const w = last.sides.find((s) => s.user_id === last.winner_id)!;
    expect(w.rewards).toEqual({ gold: 0, xp_per_hero: 0, magic_essence: 0, combat_tokens: 0 });
    expect(w.rating!.after.games).toBe(LIVE_PAID_MATCHES_A_DAY + 1);
    // another player pays again: the cap is the pair's
    const c = await player(1);
    expect((await playShort(a, c, [a.heroes[0].id], [c.heroes[0].id])).pays).toBe(true);
  });

  it('a rematch opens when both have asked — once, with the same heroes — and not before the end', async () => {
    const a = await player(1);
    const b = await player(1);
    const c = await challenge(a.id, [a.heroes[0].id], b.id);
    const { match_id } = AcceptChallengeResponse.parse(
      (await h.call('POST', `/api/challenges/${c.id}/accept`, { user_id: b.id, hero_ids: [b.heroes[0].id] }))
        .body,
    );
    const ask = (id: string, userId: string) =>
      h.call('POST', `/api/matches/${id}/rematch`, { user_id: userId });
    expect((await ask(match_id, a.id)).status).toBe(409);
    const m = await playShort(a, b, [a.heroes[0].id], [b.heroes[0].id]);
    const stranger = await player(1);
    expect((await ask(m.id, stranger.id)).status).toBe(403);
    expect((await ask(m.id, a.id)).body).toEqual({ match_id: null, waiting: true });
    expect((await match(m.id)).sides[0].rematch).toBe(true);
    // Asked at once: each answer names the one rematch, or — an ask of a's read before b's flag was set — waits for it
    // (the socket's refresh then tells a); never a second match.
    const answers = await Promise.all([ask(m.id, b.id), ask(m.id, a.id), ask(m.id, b.id)]);
    const bodies = answers.map((r) => r.body as { match_id: string | null; waiting: boolean });
    for (const body of bodies) if (body.match_id === null) expect(body.waiting).toBe(true);
    const ids = new Set(bodies.flatMap((body) => (body.match_id ? [body.match_id] : [])));
    expect(ids.size).toBe(1);
    expect((await ask(m.id, a.id)).body).toEqual({ match_id: [...ids][0], waiting: false });
    const next = await match([...ids][0]);
    expect(next.status).toBe('in_play');
    expect(next.sides.map((s) => s.user_id)).toEqual([a.id, b.id]);
    expect(next.sides.map((s) => s.heroes.map((x) => x.id))).toEqual([[a.heroes[0].id], [b.heroes[0].id]]);
    expect((await match(m.id)).rematch_id).toBe(next.id);
  });

  it('a player out of time and bank is chosen for; their bank pays for a slow turn; three in a row forfeit', async () => {
    // four against four, every hero defending: a match long enough for three turns chosen for b
    const a = await player(4);
    const b = await player(4);
    const c = await challenge(
      a.id,
      a.heroes.map((x) => x.id),
      b.id,
    );
    const { match_id } = AcceptChallengeResponse.parse(
      (
        await h.call('POST', `/api/challenges/${c.id}/accept`, {
          user_id: b.id,
          hero_ids: b.heroes.map((x) => x.id),
        })
      ).body,
    );
    const players = [a, b];
    /** `side` chooses now, if it has a hero acting: every one of them defends. */
    const chooseNow = async (side: number) => {
      const mine = await match(match_id, players[side].id);
      if (mine.status !== 'in_play' || mine.sides[side].acting.length === 0) return;
      // (every hero defends: no one falls, so the match lasts the three turns)
      const defend = mine.options.map((o) => ({ hero_id: o.hero_id, ability_id: 'defend' }));
      const r = await choose(match_id, players[side].id, mine.turn, defend);
      expect(r.status, JSON.stringify(r.body)).toBe(202);
    };
    // Turn 1: a chooses at once; b 10 s into its bank.
    let m = await match(match_id);
    const bank = m.sides[1].clock.bank_ms;
    expect(bank).toBe(90_000);
    const bActs = m.sides[1].acting.length > 0;
    await chooseNow(0);
    now = m.sides[1].clock.turn_deadline + 10_000;
    await chooseNow(1);
    m = await match(match_id);
    expect(m.version).toBe(1);
    expect(m.sides[1].clock.bank_ms).toBe(bActs ? bank - 10_000 : bank);
    // From now on b never chooses: each turn b acts in, the AI chooses for b once b's time and bank are up.
    for (let guard = 0; m.status === 'in_play' && guard < 30; guard++) {
      const before = m.version;
      const autos = m.sides[1].chosen_for;
      await chooseNow(0);
      m = await match(match_id);
      if (m.version > before) continue; // b had no hero acting: the turn was played
      now = m.sides[1].clock.turn_deadline + m.sides[1].clock.bank_ms + 1;
      await expect
        .poll(async () => (await match(match_id)).version, { timeout: 5000 })
        .toBeGreaterThan(before);
      m = await match(match_id);
      expect(m.sides[1].chosen_for).toBe(autos + 1);
      expect(m.sides[1].clock.bank_ms).toBe(0);
    }
    expect(m.sides[1].chosen_for).toBe(3);
    expect(m).toMatchObject({ status: 'over', winner_id: a.id });
  });
});
