// A fight's transaction reads its team, its player and (a campaign stage) the player's progress once, and writes the team back in one statement: the rows it locked (transaction.ts, steps 1 and 2)
// are the rows its pay starts from (reward-payment.ts) and its quest progress counts from (quest-progress.ts), not
// read again — on PostgreSQL each read is a round trip.
// Every statement the store runs is told to the metrics (openStore's onStatement), so the test sees them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../src/server/http/metrics.ts';
import { DATABASES, newPlayer, startHarness, summonHero, type Harness } from './helpers.ts';

/** The metrics, and every statement's text as it ran. */
class ToldStatements extends Metrics {
  texts: string[] = [];
  override readonly statement = (sql: string): void => void this.texts.push(sql);
}

describe.each(DATABASES)('a fight’s statements on %s', (kind) => {
  let h: Harness;
  const told = new ToldStatements();
  beforeAll(async () => {
    h = await startHarness(kind, { metrics: told });
  });
  afterAll(async () => h?.close());

  it('a won fight pays xp to its team from the rows it locked, each hero read once and all written at once', async () => {
    const userId = (await newPlayer(h, 'once')).id;
    const team: string[] = [];
    for (let k = 0; k < 4; k++) team.push((await summonHero(h, userId)).id);
    const levelOf = async () =>
      Promise.all(
        team.map(
          async (id) => (await h.call('GET', `/api/heroes/${id}`)).body as { xp: number; level: number },
        ),
      );
    // Random battles at the team's level are near even: fought until one is won.
    for (let tries = 0; tries < 40; tries++) {
      const before = await levelOf();
      told.texts.length = 0;
      const r = await h.call('POST', '/api/battles', { user_id: userId, team_hero_ids: team, mode: 'auto' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      if (r.body.status !== 'won') continue;
      const heroReads = told.texts.filter((t) => /^select .* from "?heroes"? where "?id"?/i.test(t));
      // one read before the fight (its plan) and one under the lock; none more for the pay
      expect(heroReads, heroReads.join('\n')).toHaveLength(2);
      expect(heroReads.filter((t) => /for update/i.test(t))).toHaveLength(kind === 'postgres' ? 1 : 0);
      // and the team written back in one statement
      const heroWrites = told.texts.filter((t) => /^update "?heroes"?/i.test(t));
      expect(heroWrites, heroWrites.join('\n')).toHaveLength(1);
      // the player's row: read for the plan and under the lock; the day's quests count from the locked row
      const userReads = told.texts.filter((t) => /^select .* from "?users"? where/i.test(t));
      expect(userReads, userReads.join('\n')).toHaveLength(2);
      // and the pay landed: every hero of the team gained xp (or a level)
      const after = await levelOf();
      for (const [i, a] of after.entries())
        expect(a.level > before[i].level || a.xp > before[i].xp, team[i]).toBe(true);
      return;
    }
    throw new Error('no fight won in 40');
  });

  it('a lost fight takes its stake from the player row its pay read, not a read more', async () => {
    const user = await newPlayer(h, 'stake');
    const team = [(await summonHero(h, user.id)).id];
    // Random battles at the hero's level are near even: fought until one is lost.
    for (let tries = 0; tries < 40; tries++) {
      told.texts.length = 0;
      const r = await h.call('POST', '/api/battles', { user_id: user.id, team_hero_ids: team, mode: 'auto' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      if (r.body.status !== 'lost') continue;
      expect(r.body.stake_lost).toBeGreaterThan(0);
      // the plan's read, the lock, and the pay's (nothing credited): the stake takes from that one
      const userReads = told.texts.filter((t) => /^select .* from "?users"? where/i.test(t));
      expect(userReads, userReads.join('\n')).toHaveLength(3);
      const me = (await h.call('GET', `/api/users/${user.id}`)).body as { gold: number };
      expect(me.gold).toBe(r.body.user.gold);
      return;
    }
    throw new Error('no fight lost in 40');
  });

  it('a campaign fight reads the player’s progress once before it and once under the lock, and starts its end from that', async () => {
    const user = await newPlayer(h, 'stage');
    const team = [(await summonHero(h, user.id)).id, (await summonHero(h, user.id)).id];
    for (const outcome of ['won', 'lost']) {
      for (let tries = 0; ; tries++) {
        if (tries === 40) throw new Error(`no campaign fight ${outcome} in 40`);
        const stage = (
          (await h.call('GET', `/api/campaign?user_id=${user.id}`)).body as { next_stage_id: string }
        ).next_stage_id;
        told.texts.length = 0;
        const r = await h.call('POST', `/api/campaign/stages/${stage}/battle`, {
          user_id: user.id,
          team_hero_ids: team,
          mode: 'auto',
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        if (r.body.status !== outcome) continue;
        const progressReads = told.texts.filter((t) => /^select .* from "?campaign_progress"?/i.test(t));
        expect(progressReads, progressReads.join('\n')).toHaveLength(2);
        // the player: read for the stage's check and under the lock, not again by the guard
        const userReads = told.texts.filter((t) => /^select .* from "?users"? where/i.test(t));
        expect(userReads, userReads.join('\n')).toHaveLength(outcome === 'won' ? 2 : 3);
        // and the end it answered is where the player stands
        const after = (await h.call('GET', `/api/campaign?user_id=${user.id}`)).body as { cleared: number };
        expect(r.body.campaign.cleared).toBe(after.cleared);
        break;
      }
    }
  });
});
