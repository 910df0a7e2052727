// Content answers that hold heroes whose ratings move (dungeons and NPC lists: every NPC is on the arena ladder).
// The content is checked against its schema and serialized once, at start, with a gap where each NPC's rating goes;
// an answer fills the gaps from the NPCs' rating rows (one statement, batched on PostgreSQL: read-batches.ts) — no per-request zod pass, no
// re-serializing of the content around them.
import type { z } from 'zod';
import type { Hero } from '../../game/types.ts';
import { withRatingBytes, type RatedDoc } from '../heroes/hero-store.ts';
import { startRating } from '../store/content-rows.ts';
import type { Store } from '../store/db.ts';
import { changeMark, sameMark, type ChangeMark } from '../store/prepared.ts';
import { keyedRead } from '../store/read-batches.ts';

type RatingRow = Omit<RatedDoc, 'doc'> & { hero_id: string };

const RATINGS = keyedRead<RatingRow>(
  'content-ratings',
  (match) => `select hero_id, rating, rd, wins, losses from hero_ratings where hero_id ${match}`,
  (r) => r.hero_id,
);

/** Marks a hero's place in the serialized content: a string of control characters, which JSON writes escaped. */
const mark = (i: number) => `\u0001${i}\u0001`;
const MARKS = /"\\u0001(\d+)\\u0001"/;

export class RatedContent {
  /** static bytes and hero slots, alternating: parts[0], hero 0, parts[1], … */
  private readonly parts: Buffer[];
  private readonly heroes: { hero: Hero; json: Buffer }[];
  private readonly ids: string[];

  /** `value` as `schema` serializes it, its `heroes` (found by identity inside it) rated at each answer. */
  constructor(schema: z.ZodType, value: unknown, heroes: Hero[]) {
    schema.parse(value);
    const slot = new Map(heroes.map((h, i) => [h as object, i]));
    const text = JSON.stringify(value, (_k, v: unknown) =>
      v !== null && typeof v === 'object' && slot.has(v) ? mark(slot.get(v)!) : v,
    );
    const pieces = text.split(MARKS);
    this.parts = pieces.filter((_, i) => i % 2 === 0).map((p) => Buffer.from(p));
    this.heroes = pieces
      .filter((_, i) => i % 2 === 1)
      .map((n) => heroes[Number(n)])
      .map((h) => ({ hero: h, json: Buffer.from(JSON.stringify(h)) }));
    this.ids = [...new Set(this.heroes.map((h) => h.hero.id))];
  }

  /** The last answer, and the mark of the database it was made under (SQLite: store/prepared.ts changeMark). */
  private last: { mark: ChangeMark; bytes: Buffer } | undefined;

  /** The answer, each hero with its rating as it is now. */
  async render(store: Store): Promise<Buffer> {
    if (this.heroes.length === 0) return this.parts[0];
    // On SQLite, while the database has not changed since the last answer, that answer is still exact.
    const mark = changeMark(store);
    if (this.last && sameMark(this.last.mark, mark)) return this.last.bytes;
    const ratings = await RATINGS.many(store, this.ids);
    const out: Buffer[] = [this.parts[0]];
    this.heroes.forEach(({ hero, json }, i) => {
      // every NPC has its row from the start (content sync); a missing one reads as where it starts
      const r = ratings.get(hero.id)?.[0] ?? { ...startRating(hero), wins: 0, losses: 0 };
      out.push(...withRatingBytes({ doc: json, ...r }), this.parts[i + 1]);
    });
    const bytes = Buffer.concat(out);
    // remembered under the mark read before the ratings: if they moved in between, the next answer reads again
    this.last = mark ? { mark, bytes } : undefined;
    return bytes;
  }
}
