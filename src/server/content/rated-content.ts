// Content answers that hold heroes whose ratings move (dungeons and NPC lists: every NPC is on the arena ladder).
// The content is checked against its schema once, at start; an answer is the content with each NPC's rating from
// the NPCs' rating rows (one statement, batched on PostgreSQL: read-batches.ts), serialized by the schema's compiled
// serializer (foundation/contract-json.ts) — and only when a rating moved: the last answer is kept with the ratings
// it was made from.
import type { z } from 'zod';
import { withFightingStats } from '../../game/battle/compile.ts';
import type { Hero, HeroRating } from '../../game/types.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { startRating } from '../store/content-rows.ts';
import type { Store } from '../store/db.ts';
import { sameMark, type ChangeMark } from '../store/prepared.ts';
import { markOf } from '../store/marked-answers.ts';
import { keyedRead } from '../store/read-batches.ts';

type RatingRow = HeroRating & { hero_id: string };

const RATINGS = keyedRead<RatingRow>(
  'content-ratings',
  (match) => `select hero_id, rating, rd, wins, losses from hero_ratings where hero_id ${match}`,
  (r) => r.hero_id,
);

/** `value` with each of `heroes` (found by identity inside it) replaced by what `rated` makes of it. */
function withRated(value: unknown, rated: Map<object, Hero>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const hero = rated.get(value);
  if (hero) return hero;
  if (Array.isArray(value)) return value.map((v) => withRated(v, rated));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRated(v, rated)]));
}

export class RatedContent {
  private readonly serialize: (value: unknown) => Buffer;
  /** each hero once, and their ids */
  private readonly unique: Hero[];
  private readonly ids: string[];

  /** `value` as `schema` serializes it, its `heroes` (found by identity inside it) rated at each answer. */
  constructor(
    schema: z.ZodType,
    private readonly value: unknown,
    private readonly heroes: Hero[],
  ) {
    schema.parse(value);
    this.serialize = contractJson(schema);
    this.unique = [...new Map(heroes.map((h) => [h.id, h])).values()];
    this.ids = this.unique.map((h) => h.id);
  }

  /**
   * The last answer, the ratings it was made from, and the mark of the database it was checked under (SQLite:
   * store/prepared.ts changeMark).
   */
  private last: { mark: ChangeMark | undefined; ratings: string; bytes: Buffer } | undefined;

  /** The answer, each hero with its rating as it is now (`request` shares the request's change mark, markOf). */
  render(store: Store, request?: object): Buffer | Promise<Buffer> {
    // On SQLite, while the database has not changed since the last answer, that answer is still exact.
    const mark = markOf(store, request);
    if (this.last && sameMark(this.last.mark, mark)) return this.last.bytes;
    return this.rate(store, mark);
  }

  private async rate(store: Store, mark: ChangeMark | undefined): Promise<Buffer> {
    const rows = this.ids.length > 0 ? await RATINGS.many(store, this.ids) : new Map<string, RatingRow[]>();
    const ratings = new Map(
      this.unique.map((hero): [string, HeroRating] => {
        const r = rows.get(hero.id)?.[0];
        if (r) return [hero.id, { rating: r.rating, rd: r.rd, wins: r.wins, losses: r.losses }];
        // every NPC has its row from the start (content sync); a missing one reads as where it starts
        const start = startRating(hero);
        return [hero.id, { rating: start.rating, rd: start.rd, wins: 0, losses: 0 }];
      }),
    );
    const key = this.ids.map((id) => Object.values(ratings.get(id)!).join(':')).join(',');
    // remembered under the mark read before the ratings: if they moved in between, the next answer reads again
    if (this.last?.ratings === key) {
      this.last.mark = mark;
      return this.last.bytes;
    }
    const rated = new Map(
      this.heroes.map((h): [object, Hero] => [h, { ...withFightingStats(h), rating: ratings.get(h.id)! }]),
    );
    const bytes = this.serialize(withRated(this.value, rated));
    this.last = { mark, ratings: key, bytes };
    return bytes;
  }
}
