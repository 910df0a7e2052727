// The arena ladder in the store: every hero's and NPC's Glicko-2 rating row (hero_ratings, by hero id), settled by
// each arena fight inside the fight's own economy transaction (fights.ts calls settleDuel through the arena route),
// the repeat-win rule's memory (arena_wins), the leaderboard (keyset-paged on the index of its order), a player's
// standing. The rules themselves: src/game/ladder.ts and src/game/rewards.ts (repeatWinFactor). Find a fair match,
// which walks this ladder: fair-matches.ts.
//
// Locks: a fight has locked its player and their hero (transaction.ts steps 1–2); settleDuel then locks the two
// sides' rating rows in hero id order (step 4 of that file's lock order) — the only rows of another player a
// transaction locks — and after them only writes rows it already holds or inserts new ones. So two fights of the
// same heroes, in either direction and on any instance, wait for each other and never deadlock, and each reads the
// rating the other wrote: every result moves both ratings exactly once.
import { cursorCodec } from '../foundation/cursor.ts';
import { sql, SqliteAdapter, type Selectable } from 'kysely';
import type { HeroRatingChange, LeaderboardEntry, RepeatWin } from '../../api/arena.ts';
import {
  conservativeRating,
  rateDuel,
  repeatWinFactor,
  REPEAT_WIN_WINDOW_S,
  scaleRewards,
  type LadderRating,
} from '../../game/index.ts';
import { withFightingStats } from '../../game/battle/compile.ts';
import type { Hero, HeroRating, Rewards } from '../../game/types.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';
import { nowSeconds } from '../foundation/clock.ts';
import type { HeroRatingsTable } from '../store/tables.ts';
import { startRating, startRatingRow } from '../store/content-rows.ts';
import type { Db } from '../economy/wallet.ts';

type RatingRow = Selectable<HeroRatingsTable>;

const view = (r: Pick<RatingRow, 'rating' | 'rd' | 'wins' | 'losses'>): HeroRating => ({
  rating: r.rating,
  rd: r.rd,
  wins: r.wins,
  losses: r.losses,
});

/**
 * `heroes` as answered: with the stats they fight with and their ladder standing (`rating`); a hero without a row
 * shows where it would start.
 */
export async function withRatings(db: Db, heroes: Hero[]): Promise<Hero[]> {
  if (heroes.length === 0) return heroes;
  const rows = await db
    .selectFrom('hero_ratings')
    .select(['hero_id', 'rating', 'rd', 'wins', 'losses'])
    .where(
      'hero_id',
      'in',
      heroes.map((h) => h.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.hero_id, view(r)]));
  return heroes.map((h) => ({
    ...withFightingStats(h),
    rating: byId.get(h.id) ?? view({ ...startRating(h), wins: 0, losses: 0 }),
  }));
}

export async function withRating(db: Db, hero: Hero): Promise<Hero> {
  return (await withRatings(db, [hero]))[0];
}

// ---- an arena result ------------------------------------------------------------------------------------------

/**
 * The repeat-win rule as it meets a win over `opponentId` now: the player's wins over that opponent within the
 * window, and what `rewards` become (repeatWinFactor). The fight settles with it inside its transaction; GET
 * /api/odds states it before the fight.
 */
export async function repeatWin(
  db: Db,
  userId: string,
  opponentId: string,
  rewards: Rewards,
): Promise<{ rewards: Rewards; repeat: RepeatWin }> {
  const earlier = await db
    .selectFrom('arena_wins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('opponent_id', '=', opponentId)
    .where('won_at', '>', nowSeconds() - REPEAT_WIN_WINDOW_S)
    .executeTakeFirstOrThrow();
  const earlierWins = Number(earlier.n);
  const factor = repeatWinFactor(earlierWins);
  return {
    rewards: scaleRewards(rewards, factor),
    repeat: { earlier_wins: earlierWins, factor, unreduced: rewards },
  };
}

/** What settling a duel adds to its result. */
export interface DuelSettled {
  ratings: { attacker: HeroRatingChange; opponent: HeroRatingChange };
  repeat_win: RepeatWin | null;
}

/**
 * Settles an arena result inside its transaction: the repeat-win rule (a win over an opponent the player beat
 * within the last day pays less: repeatWinFactor), then both sides' ratings, one Glicko-2 rating period each,
 * read and written under row locks taken in hero id order. Answers what the win pays and what joins the result.
 */
export async function settleDuel(
  trx: Db,
  fight: { userId: string; attacker: Hero; opponent: Hero; won: boolean; battleId: string },
  rewards: Rewards,
): Promise<{ rewards: Rewards; extra: DuelSettled }> {
  const now = nowSeconds();
  const { attacker, opponent, won } = fight;

  // The repeat-win rule: the player's own records, read after their row's lock, so their fights count in turn.
  let repeat: RepeatWin | null = null;
  let paid = rewards;
  if (won) {
    ({ rewards: paid, repeat } = await repeatWin(trx, fight.userId, opponent.id, rewards));
    await trx
      .insertInto('arena_wins')
      .values({ user_id: fight.userId, opponent_id: opponent.id, battle_id: fight.battleId, won_at: now })
      .execute();
  }

  // Both rating rows, in hero id order: made first where missing (a hero stored without one; never for a hero
  // deleted meanwhile), then locked and read.
  const sides = [attacker, opponent].sort((a, b) => (a.id < b.id ? -1 : 1));
  const sqlite = trx.getExecutor().adapter instanceof SqliteAdapter;
  const lockRows = async () => {
    let q = trx
      .selectFrom('hero_ratings')
      .selectAll()
      .where(
        'hero_id',
        'in',
        sides.map((h) => h.id),
      )
      .orderBy('hero_id');
    if (!sqlite) q = q.forUpdate();
    return new Map((await q.execute()).map((r) => [r.hero_id, r]));
  };
  let rows = await lockRows();
  if (sides.some((h) => !rows.has(h.id))) {
    for (const h of sides) {
      if (rows.has(h.id)) continue;
      const r = startRatingRow(h, now);
      await sql`insert into hero_ratings (hero_id, rating, rd, vol, conservative, wins, losses, updated_at, npc)
        select ${r.hero_id}, ${r.rating}, ${r.rd}, ${r.vol}, ${r.conservative}, 0, 0, ${now}, ${r.npc}
        where exists (select 1 from heroes where id = ${h.id})
        on conflict (hero_id) do nothing`.execute(trx);
    }
    rows = await lockRows();
  }
  const before = (h: Hero): LadderRating => {
    const r = rows.get(h.id);
    return r
      ? { rating: r.rating, rd: r.rd, vol: r.vol, wins: r.wins, losses: r.losses }
      : { ...startRating(h), wins: 0, losses: 0 };
  };
  const a0 = before(attacker);
  const o0 = before(opponent);
  const next = rateDuel(a0, o0, won);
  for (const [h, r] of [
    [attacker, next.attacker],
    [opponent, next.defender],
  ] as const) {
    if (!rows.has(h.id)) continue; // deleted meanwhile: nothing of it is left to rate
    await trx
      .updateTable('hero_ratings')
      .set({
        rating: r.rating,
        rd: r.rd,
        vol: r.vol,
        conservative: conservativeRating(r),
        wins: r.wins,
        losses: r.losses,
        updated_at: now,
      })
      .where('hero_id', '=', h.id)
      .execute();
  }
  const change = (h: Hero, from: LadderRating, to: LadderRating): HeroRatingChange => ({
    hero_id: h.id,
    before: view(from),
    after: view(to),
  });
  return {
    rewards: paid,
    extra: {
      ratings: {
        attacker: change(attacker, a0, next.attacker),
        opponent: change(opponent, o0, next.defender),
      },
      repeat_win: repeat,
    },
  };
}

// ---- the leaderboard ------------------------------------------------------------------------------------------

/** Ranks are counted exactly up to here; a hero further down is ranked "beyond" (null), so no count grows. */
export const RANK_LIMIT = 10_000;
/** A player's own heroes shown with their standing (the best of them). */
export const STANDING_HEROES = 10;

/** A ladder page's last hero: its conservative rating and id. */
const cursor = cursorCodec('number', 'id');

/** A leaderboard row: the rating joined with what the list shows of its hero and owner. */
function ladderQuery(db: Db) {
  return db
    .selectFrom('hero_ratings as r')
    .innerJoin('heroes as h', 'h.id', 'r.hero_id')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select([
      'r.hero_id',
      'r.rating',
      'r.rd',
      'r.conservative',
      'r.wins',
      'r.losses',
      'h.name',
      'h.level',
      'h.rarity',
      'h.race',
      'h.class',
      'h.type',
      'h.portrait_url',
      'h.user_id',
      'h.dungeon_id',
      'u.username',
    ]);
}
type LadderRow = Awaited<ReturnType<ReturnType<typeof ladderQuery>['execute']>>[number];

const entryOf = (r: LadderRow, rank: number | null): LeaderboardEntry => ({
  rank,
  hero_id: r.hero_id,
  name: r.name,
  level: r.level,
  rarity: r.rarity,
  race: r.race,
  class: r.class,
  type: r.type as LeaderboardEntry['type'],
  portrait_url: r.portrait_url,
  npc: r.user_id === null,
  user_id: r.user_id,
  username: r.username ?? null,
  dungeon_id: r.dungeon_id,
  rating: r.rating,
  rd: r.rd,
  conservative: r.conservative,
  wins: r.wins,
  losses: r.losses,
});

type Placed = Pick<RatingRow, 'conservative' | 'hero_id'>;

/**
 * The places of `rows` in the leaderboard's order (1 = first), counted only up to RANK_LIMIT: null for one further
 * down than that. One walk of the index from the top down to the lowest rating among them, each counting the heroes
 * ahead of it — not a walk a hero (a player's standing shows up to STANDING_HEROES of theirs, each as deep as the
 * ladder is long). Those ahead of any of them are the walk's first ones, all within RANK_LIMIT when fewer.
 */
async function ranksOf(db: Db, rows: readonly Placed[]): Promise<(number | null)[]> {
  if (rows.length === 0) return [];
  const lowest = Math.min(...rows.map((r) => r.conservative));
  const ahead = db
    .selectFrom('hero_ratings')
    .select(['conservative', 'hero_id'])
    .where('conservative', '>=', lowest)
    .orderBy('conservative', 'desc')
    .orderBy('hero_id', 'desc')
    .limit(RANK_LIMIT)
    .as('ahead');
  const counts = await db
    .selectFrom(ahead)
    .select((eb) =>
      rows.map((r, i) =>
        eb.fn
          .countAll<number>()
          .filterWhere(eb(eb.refTuple('conservative', 'hero_id'), '>', eb.tuple(r.conservative, r.hero_id)))
          .as(`n${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  return rows.map((_, i) => {
    const count = Number((counts as Record<string, unknown>)[`n${i}`]);
    return count >= RANK_LIMIT ? null : count + 1;
  });
}

/**
 * One page of the leaderboard: heroes and NPCs by conservative rating, highest first (ties by hero id), `limit`
 * after `cursor`, walked on the index hero_ratings_ladder from where the cursor points (no OFFSET); with `userId`,
 * also that player's best heroes with their ranks.
 */
export async function leaderboard(
  db: Db,
  q: { limit: number; cursor?: string; userId?: string },
): Promise<{ heroes: LeaderboardEntry[]; next_cursor: string | null; mine?: LeaderboardEntry[] }> {
  let page = ladderQuery(db)
    .orderBy('r.conservative', 'desc')
    .orderBy('r.hero_id', 'desc')
    .limit(q.limit + 1);
  if (q.cursor) {
    const [conservative, heroId] = cursor.decode(q.cursor);
    page = page.where((eb) =>
      eb(eb.refTuple('r.conservative', 'r.hero_id'), '<', eb.tuple(conservative, heroId)),
    );
  }
  let own: LadderRow[] | undefined;
  if (q.userId) {
    const user = await db.selectFrom('users').select('id').where('id', '=', q.userId).executeTakeFirst();
    if (!user) throw notFound(MESSAGES.userNotFound);
    own = await ladderQuery(db)
      .where('h.user_id', '=', q.userId)
      .orderBy('r.conservative', 'desc')
      .orderBy('r.hero_id', 'desc')
      .limit(STANDING_HEROES)
      .execute();
  }
  const rows = await page.execute();
  const shown = rows.slice(0, q.limit);
  // the player's heroes' places and the page's first, in one count
  const ranks = await ranksOf(db, [...(own ?? []), ...shown.slice(0, 1)]);
  const first = shown[0] ? ranks[own?.length ?? 0] : null;
  return {
    heroes: shown.map((r, i) => entryOf(r, first === null ? null : first + i)),
    next_cursor:
      rows.length > q.limit ? cursor.encode([shown.at(-1)!.conservative, shown.at(-1)!.hero_id]) : null,
    ...(own ? { mine: own.map((r, i) => entryOf(r, ranks[i])) } : {}),
  };
}
