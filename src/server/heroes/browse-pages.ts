// GET /api/heroes/browse/all: pages of the players who have heroes, each with their first heroes. A page is first
// read as what it holds — the players (id, name, hero count) and each shown hero's id, version and count of arena
// fights (its rating moves with each), in one statement over the indexes and rating rows, never the documents — and
// is answered from bytes remembered under that key, made by the contract's serializer (foundation/contract-json.ts);
// only a page whose key changed reads its documents again (the rule of store/answer-cache.ts).
import { BrowseResponse } from '../../api/heroes.ts';
import type { Hero } from '../../game/types.ts';
import { contractJson } from '../foundation/contract-json.ts';
import { RATED, ratedHero, type RatedDoc } from './hero-store.ts';
import type { Store } from '../store/db.ts';
import { sharedRead } from '../store/read-batches.ts';
import { allRows, prepared } from '../store/prepared.ts';
import { AnswerCache } from '../store/answer-cache.ts';

/** Heroes shown per player in one page. */
export const BROWSE_HEROES_PER_PLAYER = 12;

// Usernames are never empty and ids never '', so '' stands for "no cursor" and "no one left out". One statement:
// the players from the partial index users_with_heroes, and for each (a subquery on the covering index
// heroes_user_list) its shown heroes as `id:version:fights,…` — a hero's rating changes with each arena fight and
// nothing else.
const SHOWN_OF = (concat: string) =>
  `(select ${concat} from (select h.id || ':' || h.version || ':' || coalesce(r.wins + r.losses, -1) as v,
       h.created_at as c, h.id as i
     from heroes h left join hero_ratings r on r.hero_id = h.id
     where h.user_id = p.id order by h.created_at, h.id limit ${BROWSE_HEROES_PER_PLAYER}) s)`;
const PAGE_KEY = sharedRead<KeyRow>(
  prepared(
    `select p.id, p.username, p.username_key, p.hero_count,
     ${SHOWN_OF("group_concat(v, ',' order by c, i)")} as shown
   from users p where p.hero_count > 0 and p.username_key > ? and p.id != ? order by p.username_key limit ?`,
    `select p.id, p.username, p.username_key, p.hero_count, ${SHOWN_OF("string_agg(v, ',' order by c, i)")} as shown
   from users p where p.hero_count > 0 and p.username_key > ? and p.id != ? order by p.username_key limit ?`,
  ),
);
const DOCS = prepared(
  `select h.id, h.doc, ${RATED} where h.id in (select value from json_each(?))`,
  `select h.id, h.doc, ${RATED} where h.id = any(?::text[])`,
);

interface KeyRow {
  id: string;
  username: string;
  username_key: string;
  hero_count: number;
  /** `id:version:fights,…` of the heroes shown, in order; null when none */
  shown: string | null;
}

export interface BrowseQuery {
  limit: number;
  /** the username key after which the page starts ('' from the first) */
  after: string;
  /** a player left out ('' for none) */
  exclude: string;
}

const pageJson = contractJson(BrowseResponse);

export class BrowsePages {
  private readonly pages = new AnswerCache<Buffer>({
    max: 2000,
    maxBytes: 32 * 1024 * 1024,
    sizeOf: (bytes, key) => bytes.byteLength + 2 * key.length + 200,
  });

  constructor(private readonly store: Store) {}

  /** The page as JSON bytes; its next_cursor made by `cursorOf` from the last player's username key. */
  async page(q: BrowseQuery, cursorOf: (usernameKey: string) => string): Promise<Buffer> {
    const rows = await PAGE_KEY(this.store, [q.after, q.exclude, q.limit + 1]);
    const key = rows.map((r) => `${r.id}/${r.username}/${r.hero_count}/${r.shown ?? ''}`).join(';');
    return this.pages.answer(`${q.limit}|${q.after}|${q.exclude}`, key, () =>
      this.build(rows, q.limit, cursorOf),
    );
  }

  private async build(rows: KeyRow[], limit: number, cursorOf: (k: string) => string): Promise<Buffer> {
    const players = rows;
    const heroesOf = new Map(
      rows.map((r) => [r.id, r.shown ? r.shown.split(',').map((h) => h.slice(0, h.indexOf(':'))) : []]),
    );
    const page = players.slice(0, limit);
    const ids = page.flatMap((p) => heroesOf.get(p.id)!);
    const docs = new Map<string, Hero>();
    if (ids.length > 0)
      for (const d of await allRows<RatedDoc & { id: string }>(this.store, DOCS, [
        this.store.sqlite ? JSON.stringify(ids) : ids,
      ]))
        docs.set(d.id, ratedHero(d));
    const next = players.length > limit ? cursorOf(page[page.length - 1].username_key) : null;
    // A hero deleted between the two reads is left out (the next read's key differs, so this page is not served
    // again).
    return pageJson({
      players: page.map((p) => ({
        user_id: p.id,
        username: p.username,
        hero_count: p.hero_count,
        heroes: heroesOf.get(p.id)!.flatMap((id) => docs.get(id) ?? []),
      })),
      next_cursor: next,
    });
  }
}
