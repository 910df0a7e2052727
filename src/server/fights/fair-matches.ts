// Find a fair match (GET /api/arena/opponents, POST /api/arena/opponents/refresh): opponents for one of the
// player's heroes whose duel it wins 40–60% of the time by the honest odds — the estimate the duel itself then states
// and fights with (the odds pool, ../odds/odds-pool.ts). A different set each of the player's days and at each
// refresh; the same set all day otherwise.
//
// - The set: other players' heroes and NPCs from the ladder first — FAIR_CANDIDATES rated near the hero, walked from
//   a point the draw picks — then, when too few of them are fair (a new server, a hero stronger than anyone),
//   sparring partners made for the hero at its strength (src/game/sparring.ts), stored as NPCs so that they are
//   fought, rated and paid like any.
// - The draw: seeded by player, hero, day and draw number (0 the day's first, one more at each refresh), kept in
//   fair_offers with the set; a new day's set and a refresh's stay away from the set before, so two in a row never
//   repeat while others exist. Within the day the set is answered again as long as each opponent is still there and
//   still fair (each an estimate the pool mostly remembers); one that is not is replaced.
// - The cost: an estimate takes 250–6,000 simulated battles; most candidates are far from even, so each is looked
//   at first (LOOKS: the first battles of its very estimate) and estimated only when it may be fair — the set in
//   tasks of the odds pool of a few thousand battles each (src/game/fair-screen.ts, OddsPool.screen), not one a look,
//   nor all of it in one task that would hold the thread from every fight meanwhile.
//   Numbers: docs/game-rules.md "The arena ladder"; `npm run bench:ladder` measures it at a million heroes.
import { isProvisional } from '../../api/rules.ts';
import { npcStartRating } from '../../game/index.ts';
import { createPrng, hashSeed, type Prng } from '../../game/prng.ts';
import { aimMake, firstAim, isSparringId, SPARRING_SEEDS, sparringOptions } from '../../game/sparring.ts';
import type { Hero } from '../../game/types.ts';
import { isFair } from '../../game/fair-screen.ts';
import type { Screened } from '../../game/index.ts';
import { dayName } from '../../game/day-clock.ts';
import { nowSeconds } from '../foundation/clock.ts';
import { MESSAGES, notFound } from '../foundation/errors.ts';
import { DAY_COLUMNS, dayNow } from '../economy/quest-progress.ts';
import type { Db } from '../economy/wallet.ts';
import { ownHero } from '../heroes/hero-store.ts';
import { startRatingRow } from '../store/content-rows.ts';
import { heroColumns, heroFromRow, heroRow, type HeroRow } from '../store/hero-rows.ts';
import { withRating, withRatings } from './rating-store.ts';

/** What Find a fair match asks of the odds pool (OddsPool answers it; the bench may hand in its own). */
export interface FairOdds {
  /**
   * Side `a` against each of `bs`, in turn, until `need` are fair: each one's known estimate, or its looks (LOOKS)
   * and then its estimate — the one the duel itself states and fights with; undefined for those not reached.
   */
  screen(a: Hero[], bs: Hero[][], need: number): Promise<(Screened | undefined)[]>;
}

/** Ladder heroes a draw weighs: rated near the hero (and, while its rating is provisional, near its level's). */
export const FAIR_CANDIDATES = 24;
/** How far from the hero's rating, either way, a draw's walk of the ladder may begin. */
export const WALK_SPREAD = 100;
/** Duels looked at or estimated at once: the odds pool is shared, so one ask takes its turn like the cards'. */
const AT_ONCE = 2;
/** A sparring partner's search: seeds tried per partner still wanted (and a few more), options tried per seed. */
export const SEEDS_PER_PARTNER = 8;
export const SPARE_SEEDS = 8;
const TRIES_PER_SEED = 4;

/** What an ask answers: the hero, the set (nearest an even duel first) with each chance, and which draw it is. */
export interface FairMatches {
  hero: Hero;
  opponents: Hero[];
  probabilities: number[];
  /** each opponent's owner's username (null for an NPC) */
  owners: (string | null)[];
  sparring: boolean[];
  day: string;
  draw: number;
}

export interface Offer {
  hero: Hero;
  probability: number;
}

/** Runs `work` over `items`, `atOnce` at a time, while `more()` holds; answers by index (undefined: not run). */
async function inTurns<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
  more: () => boolean = () => true,
): Promise<(R | undefined)[]> {
  const out: (R | undefined)[] = new Array<R | undefined>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length && more()) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return out;
}

/** The offers among `opponents` (in their order, at most `need`): each duel's measure, kept when it is fair. */
async function fairOffers(odds: FairOdds, hero: Hero, opponents: Hero[], need: number): Promise<Offer[]> {
  const measured = await odds.screen(
    [hero],
    opponents.map((o) => [o]),
    need,
  );
  return opponents
    .flatMap((o, i) => {
      const m = measured[i];
      return isFair(m) ? [{ hero: o, probability: m.estimate }] : [];
    })
    .slice(0, need);
}

// ---- the ladder ------------------------------------------------------------------------------------------------

/**
 * `n` heroes rated from (`at`, `start`) on, `up` or down: other players' heroes (`players`, `own` the player's own
 * count, passed over), or NPCs. The walk of the rating index is limited before its heroes are joined: a plan that
 * joined every hero rated beyond the point and sorted them (PostgreSQL's, while its statistics still saw few players'
 * heroes — a fresh ladder's first minutes) took 4 ms a walk, the ordered walk 0.3 ms.
 */
async function walk(
  db: Db,
  q: { userId: string; players: boolean; own: number; at: number; start: string; up: boolean; n: number },
): Promise<(HeroRow & { r_rating: number; r_rd: number; r_wins: number; r_losses: number })[]> {
  const order = q.up ? 'asc' : 'desc';
  const rated = db
    .selectFrom('hero_ratings')
    .select(['hero_id', 'rating', 'rd', 'wins', 'losses'])
    .where('npc', '=', q.players ? 0 : 1)
    .where((eb) => eb(eb.refTuple('rating', 'hero_id'), q.up ? '>=' : '<', eb.tuple(q.at, q.start)))
    .orderBy('rating', order)
    .orderBy('hero_id', order)
    .limit(q.n + (q.players ? q.own : 0))
    .as('r');
  const rows = await db
    .selectFrom(rated)
    .innerJoin('heroes as h', 'h.id', 'r.hero_id')
    .selectAll('h')
    .select(['r.rating as r_rating', 'r.rd as r_rd', 'r.wins as r_wins', 'r.losses as r_losses'])
    .orderBy('r.rating', order)
    .orderBy('r.hero_id', order)
    .execute();
  // in the walk's order, so the `n` kept are the nearest after the player's own are passed over
  return rows.filter((r) => r.user_id !== q.userId).slice(0, q.n);
}

/** A hero id the draw picks, where a walk among heroes tied on a rating begins. */
const drawnId = (rng: Prng) =>
  `h_${Array.from({ length: 4 }, () => rng.int(0x1_0000_0000).toString(16).padStart(8, '0')).join('')}`;

/**
 * `n` opponents rated near `at` — other players' heroes first, then NPCs (so that a player meets players: the
 * dungeons' NPCs, many tied on a new hero's rating, crowded them out) — each found by two walks of the rating index
 * from (at, start), up and down, the player's own heroes (`own` of them) passed over.
 */
async function ratedNear(
  db: Db,
  user: { id: string; own: number },
  at: number,
  start: string,
  n: number,
): Promise<Hero[]> {
  const near = async (players: boolean) => {
    const q = { userId: user.id, players, own: user.own, at, start, n };
    const [up, down] = await Promise.all([walk(db, { ...q, up: true }), walk(db, { ...q, up: false })]);
    return [...up, ...down].sort(
      (a, b) => Math.abs(a.r_rating - at) - Math.abs(b.r_rating - at) || (a.id < b.id ? -1 : 1),
    );
  };
  const [players, npcs] = await Promise.all([near(true), near(false)]);
  return [...players, ...npcs].slice(0, n).map((r) => ({
    ...heroFromRow(r),
    rating: { rating: r.r_rating, rd: r.r_rd, wins: r.r_wins, losses: r.r_losses },
  }));
}

/**
 * Up to `need` fair opponents from the ladder: FAIR_CANDIDATES rated near the hero — and, while its rating is
 * provisional (a rating says little of a new hero: every one starts at 1500, whatever its level), half of them near
 * the rating its level is worth — each walk begun up to WALK_SPREAD away at a point the draw picks; weighed in the
 * draw's order until `need` are found.
 */
async function ladderOffers(
  db: Db,
  odds: FairOdds,
  hero: Hero,
  user: { id: string; own: number },
  rng: Prng,
  away: ReadonlySet<string>,
  need: number,
): Promise<Offer[]> {
  const at = hero.rating!.rating;
  const centres = [at];
  const byLevel = npcStartRating(hero.level).rating;
  if (isProvisional(hero.rating!.rd) && byLevel !== at) centres.push(byLevel);
  const per = Math.ceil(FAIR_CANDIDATES / centres.length);
  const walks = centres.map((c) => ({ at: c + (rng.next() * 2 - 1) * WALK_SPREAD, start: drawnId(rng) }));
  const seen = new Set(away);
  const candidates: Hero[] = [];
  for (const heroes of await Promise.all(
    walks.map((w) => ratedNear(db, user, w.at, w.start, per + away.size)),
  ))
    for (const h of heroes.filter((x) => !seen.has(x.id)).slice(0, per)) {
      seen.add(h.id);
      candidates.push(h);
    }
  // The draw's order (a shuffle), so that a set is not always the ones nearest in rating; other players' heroes
  // still before NPCs.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  candidates.sort((a, b) => Number(a.user_id === null) - Number(b.user_id === null));
  return fairOffers(odds, hero, candidates, need);
}

// ---- sparring partners -----------------------------------------------------------------------------------------

/**
 * Up to `need` sparring partners for the hero whose duels are fair: seeds drawn, each searched from the option
 * nearest the hero's power, every measured chance aiming the next (src/game/sparring.ts aimMake), at most
 * TRIES_PER_SEED options a seed and SEEDS_PER_PARTNER seeds a partner wanted (SPARE_SEEDS more), and as many again
 * when those leave the set short; none of `away`.
 */
export async function sparringOffers(
  odds: FairOdds,
  hero: Hero,
  rng: Prng,
  away: ReadonlySet<string>,
  need: number,
): Promise<Offer[]> {
  const seeds = new Set<number>();
  const budget = Math.min(SPARRING_SEEDS, need * SEEDS_PER_PARTNER + SPARE_SEEDS);
  while (seeds.size < budget) seeds.add(rng.int(SPARRING_SEEDS));
  const search = async (seed: number): Promise<Offer | null> => {
    const options = sparringOptions(hero, seed);
    const first = firstAim(options, hero);
    let at: number | null = first.at;
    let aim = first.aim;
    for (let tries = 0; tries < TRIES_PER_SEED && at !== null; tries++) {
      const partner = options[at].partner;
      if (away.has(partner.id)) return null;
      const [m] = await odds.screen([hero], [[partner]], 1);
      if (isFair(m)) return { hero: partner, probability: m.estimate };
      ({ at, aim } = aimMake(options, aim, at, m!.chance, m!.samples));
    }
    return null;
  };
  let found = 0;
  const offers: (Offer | null | undefined)[] = [];
  const searchAll = async (batch: number[]) =>
    offers.push(
      ...(await inTurns(
        batch,
        AT_ONCE,
        async (seed) => {
          const offer = await search(seed);
          if (offer) found++;
          return offer;
        },
        () => found < need,
      )),
    );
  await searchAll([...seeds]);
  // Short of the set (a hero few partners are even with, or the ladder's own sparring NPCs in the way): one more
  // budget of seeds not yet tried, so a set is left short only when twice the usual search found no more.
  if (found < need) {
    const more = new Set<number>();
    const extra = Math.min(SPARRING_SEEDS - seeds.size, budget);
    while (more.size < extra) {
      const seed = rng.int(SPARRING_SEEDS);
      if (!seeds.has(seed)) more.add(seed);
    }
    await searchAll([...more]);
  }
  return offers.filter((o): o is Offer => !!o).slice(0, need);
}

/**
 * Sparring partners offered are stored as NPCs (no owner, no dungeon), so a duel with one reads, rates and pays it
 * like any: the row as the partner's make gives it now (a partner stored by an older rule is brought up to it, so the
 * stored partner is the one whose odds were stated), and a rating row from its level where it has none.
 */
async function storePartners(db: Db, partners: Hero[]): Promise<void> {
  const now = nowSeconds();
  for (const p of partners) {
    const row = heroRow(p, { user_id: null, created_at: now });
    await db
      .insertInto('heroes')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(heroColumns(p)).where('heroes.doc', '!=', row.doc))
      .execute();
    await db
      .insertInto('hero_ratings')
      .values(startRatingRow(p, now))
      .onConflict((oc) => oc.column('hero_id').doNothing())
      .execute();
  }
}

// ---- the offer -------------------------------------------------------------------------------------------------

/** Of the set kept from earlier today, the opponents still there, still not the player's, and still fair. */
async function stillFair(
  db: Db,
  odds: FairOdds,
  hero: Hero,
  userId: string,
  ids: string[],
): Promise<Offer[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('heroes').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, heroFromRow(r)]));
  const heroes = ids.map((id) => byId.get(id)).filter((h): h is Hero => !!h && h.user_id !== userId);
  return fairOffers(odds, hero, heroes, heroes.length);
}

const fairest = (a: Offer, b: Offer) =>
  Math.abs(a.probability - 0.5) - Math.abs(b.probability - 0.5) || (a.hero.id < b.hero.id ? -1 : 1);

/**
 * Find a fair match for the player's hero: today's set, or with `refresh` the next draw of today; `limit` of them,
 * nearest an even duel first. See the head of this file.
 */
export async function fairMatches(
  db: Db,
  odds: FairOdds,
  q: { userId: string; heroId: string; limit: number; refresh?: boolean },
): Promise<FairMatches> {
  const hero = await withRating(db, (await ownHero(db, q.heroId, q.userId)).hero);
  const user = await db
    .selectFrom('users')
    .select([...DAY_COLUMNS, 'hero_count'])
    .where('id', '=', q.userId)
    .executeTakeFirst();
  if (!user) throw notFound(MESSAGES.userNotFound);
  const today = dayNow(user).day;
  const stored = await db
    .selectFrom('fair_offers')
    .selectAll()
    .where('hero_id', '=', hero.id)
    .executeTakeFirst();
  const before = stored ? (JSON.parse(stored.opponent_ids) as string[]) : [];
  const current = !!stored && Number(stored.day) === today;
  const draw = q.refresh ? (current ? Number(stored.draw) + 1 : 1) : current ? Number(stored.draw) : 0;
  // A new draw stays away from the set before it; an ask within the draw keeps the set while it is fair.
  const keep = current && !q.refresh ? before : [];
  let offers = await stillFair(db, odds, hero, q.userId, keep);
  if (offers.length < q.limit) {
    const rng = createPrng(hashSeed('fair match', q.userId, hero.id, today, draw));
    const away = new Set([...before, ...offers.map((o) => o.hero.id)]);
    const need = q.limit - offers.length;
    const ladder = await ladderOffers(
      db,
      odds,
      hero,
      { id: q.userId, own: user.hero_count },
      rng,
      away,
      need,
    );
    for (const o of ladder) away.add(o.hero.id);
    const sparring =
      ladder.length < need ? await sparringOffers(odds, hero, rng, away, need - ladder.length) : [];
    await storePartners(
      db,
      sparring.map((o) => o.hero),
    );
    offers = [...offers, ...ladder, ...sparring];
  }
  const ids = offers.map((o) => o.hero.id);
  if (!current || q.refresh || ids.join() !== before.join()) {
    const row = {
      user_id: q.userId,
      day: today,
      draw,
      opponent_ids: JSON.stringify(ids),
      updated_at: nowSeconds(),
    };
    await db
      .insertInto('fair_offers')
      .values({ hero_id: hero.id, ...row })
      .onConflict((oc) => oc.column('hero_id').doUpdateSet(row))
      .execute();
  }
  const shown = offers.sort(fairest).slice(0, q.limit);
  const rated = await withRatings(
    db,
    shown.map((o) => o.hero),
  );
  const ownerIds = [...new Set(shown.flatMap((o) => (o.hero.user_id ? [o.hero.user_id] : [])))];
  const names = new Map(
    ownerIds.length > 0
      ? (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ownerIds).execute()).map(
          (u) => [u.id, u.username] as const,
        )
      : [],
  );
  return {
    hero,
    opponents: rated,
    probabilities: shown.map((o) => o.probability),
    owners: shown.map((o) => (o.hero.user_id ? (names.get(o.hero.user_id) ?? null) : null)),
    sparring: shown.map((o) => isSparringId(o.hero.id)),
    day: dayName(today),
    draw,
  };
}
