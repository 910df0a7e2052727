// Content answers that hold heroes whose ratings move (dungeons and NPC lists: every NPC is on the arena ladder).
// The content is checked against its schema once, at start; an answer is the content with each NPC's rating from
// the NPCs' rating rows (one statement, batched on PostgreSQL: read-batches.ts), serialized by the schema's compiled
// serializer (foundation/contract-json.ts) — and only when a rating moved: the last answer is kept under the ratings
// it shows (store/answer-cache.ts), with an ETag naming those ratings, so a client that holds it gets a 304 and
// any other one a copy compressed once (http/compression.ts).
import type { z } from 'zod';
import { withFightingStats } from '../../game/battle/compile.ts';
import type { Hero, HeroRating } from '../../game/types.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { startRating } from '../store/content-rows.ts';
import type { Store } from '../store/db.ts';
import { AnswerCache, etagOf, type TaggedAnswer } from '../store/answer-cache.ts';
import { keyedRead } from '../store/read-batches.ts';

type RatingRow = HeroRating & { hero_id: string };

const RATINGS = keyedRead<RatingRow>(
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

  /** The last answer, under the ratings it shows. */
  private readonly last = new AnswerCache<TaggedAnswer>({
    max: 1,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (a) => a.json.byteLength,
  });

  /** The answer, each hero with its rating as it is now. */
  async render(store: Store): Promise<TaggedAnswer> {
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
    return this.last.answer('', key, async () => ({ json: this.rated(ratings), etag: etagOf(key) }));
  }

  private rated(ratings: Map<string, HeroRating>): Buffer {
    const rated = new Map(
      this.heroes.map((h): [object, Hero] => [h, { ...withFightingStats(h), rating: ratings.get(h.id)! }]),
    );
    return this.serialize(withRated(this.value, rated));
  }
}
