// GET /api/heroes/browse/all: pages of the players who have heroes, each with their first heroes. A page is first
// read as what it holds — the players (id, name, hero count) and each shown hero's id, version and count of arena
// fights (its rating moves with each), from the indexes and rating rows, never the documents — and is answered from
// bytes remembered under that key; only a page whose key changed reads its documents again. Every write to a hero
// bumps its version and ids are never reused, so equal keys mean equal pages, whichever instance made the change.
import { LRUCache } from 'lru-cache';
import type { PlayerHeroes } from '../api/heroes.ts';
import { jsonArray, withRatingBytes, type RatedDoc } from './hero-store.ts';
import type { Store } from './store/db.ts';
import { allRows, prepared } from './store/prepared.ts';

/** Heroes shown per player in one page. */
export const BROWSE_HEROES_PER_PLAYER = 12;

// Usernames are never empty and ids never '', so '' stands for "no cursor" and "no one left out".
// On PostgreSQL the page's key is one statement (one round trip); on SQLite, where a statement costs no round trip,
// the players and then each one's shown heroes from the covering index are quicker than SQLite's plan for it.
const PLAYERS = prepared(
  'browse-players',
  'select id, username, username_key, hero_count from users ' +
    'where hero_count > 0 and username_key > ? and id != ? order by username_key limit ?',
);
// A shown hero's version and its count of arena fights: its rating changes with each and nothing else.
const SHOWN = prepared(
  'browse-shown',
  'select h.id as hero_id, h.version, coalesce(r.wins + r.losses, -1) as games from heroes h ' +
    'left join hero_ratings r on r.hero_id = h.id ' +
    `where h.user_id = ? order by h.created_at, h.id limit ${BROWSE_HEROES_PER_PLAYER}`,
);
const PAGE_KEY = prepared(
  'browse-page-key',
  `with p as (
     select id, username, username_key, hero_count from users
     where hero_count > 0 and username_key > ? and id != ? order by username_key limit ?)
   select p.id, p.username, p.username_key, p.hero_count, r.hero_id, r.version, r.games
   from p left join (
     select h.user_id, h.id as hero_id, h.version, h.created_at, coalesce(g.wins + g.losses, -1) as games,
       row_number() over (partition by h.user_id order by h.created_at, h.id) as rn
     from heroes h left join hero_ratings g on g.hero_id = h.id
     where h.user_id in (select id from p)) r
   on r.user_id = p.id and r.rn <= ${BROWSE_HEROES_PER_PLAYER}
   order by p.username_key, r.created_at, r.hero_id`,
);
const RATED = 'r.rating, r.rd, r.wins, r.losses from heroes h left join hero_ratings r on r.hero_id = h.id';
const DOCS = prepared(
  'browse-docs',
  `select h.id, cast(h.doc as blob) as doc, ${RATED} where h.id in (select value from json_each(?))`,
  `select h.id, h.doc, ${RATED} where h.id = any(?::text[])`,
);

interface KeyRow {
  id: string;
  username: string;
  username_key: string;
  hero_count: number;
  hero_id: string | null;
  version: number | null;
  games: number | null;
}

export interface BrowseQuery {
  limit: number;
  /** the username key after which the page starts ('' from the first) */
  after: string;
  /** a player left out ('' for none) */
  exclude: string;
}

interface Page {
  key: string;
  bytes: Buffer;
}

const OPEN_PAGE = Buffer.from('{"players":');
const CLOSE_OBJECT = Buffer.from('}');

export class BrowsePages {
  private readonly pages = new LRUCache<string, Page>({
    max: 2000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (p) => p.bytes.byteLength + 2 * p.key.length + 200,
  });

  constructor(private readonly store: Store) {}

  /** The page as JSON bytes; its next_cursor made by `cursorOf` from the last player's username key. */
  async page(q: BrowseQuery, cursorOf: (usernameKey: string) => string): Promise<Buffer> {
    const rows = await this.keyRows(q);
    const key = rows
      .map((r) => `${r.id}/${r.username}/${r.hero_count}/${r.hero_id}:${r.version}:${r.games}`)
      .join(',');
    const slot = `${q.limit}|${q.after}|${q.exclude}`;
    const cached = this.pages.get(slot);
    if (cached?.key === key) return cached.bytes;
    const page = await this.build(rows, q.limit, cursorOf);
    this.pages.set(slot, { key, bytes: page });
    return page;
  }

  private async keyRows(q: BrowseQuery): Promise<KeyRow[]> {
    if (!this.store.sqlite) return allRows<KeyRow>(this.store, PAGE_KEY, [q.after, q.exclude, q.limit + 1]);
    type Player = Omit<KeyRow, 'hero_id' | 'version'>;
    const players = await allRows<Player>(this.store, PLAYERS, [q.after, q.exclude, q.limit + 1]);
    const rows: KeyRow[] = [];
    for (const p of players) {
      const shown = await allRows<{ hero_id: string; version: number; games: number }>(this.store, SHOWN, [
        p.id,
      ]);
      if (shown.length === 0) rows.push({ ...p, hero_id: null, version: null, games: null });
      for (const h of shown) rows.push({ ...p, ...h });
    }
    return rows;
  }

  private async build(rows: KeyRow[], limit: number, cursorOf: (k: string) => string): Promise<Buffer> {
    const players: KeyRow[] = [];
    const heroesOf = new Map<string, string[]>();
    for (const r of rows) {
      if (!heroesOf.has(r.id)) {
        players.push(r);
        heroesOf.set(r.id, []);
      }
      if (r.hero_id !== null) heroesOf.get(r.id)!.push(r.hero_id);
    }
    const page = players.slice(0, limit);
    const ids = page.flatMap((p) => heroesOf.get(p.id)!);
    const docs = new Map<string, Buffer>();
    if (ids.length > 0)
      for (const d of await allRows<RatedDoc & { id: string }>(this.store, DOCS, [
        this.store.sqlite ? JSON.stringify(ids) : ids,
      ]))
        docs.set(d.id, Buffer.concat(withRatingBytes(d)));
    const next = players.length > limit ? cursorOf(page[page.length - 1].username_key) : null;
    // {"players":[{…,"heroes":[doc,…]},…],"next_cursor":…} from the stored documents' bytes. A hero deleted
    // between the two reads is left out (the next read's key differs, so this page is not served again).
    const parts = page.map((p) => {
      const head: Omit<PlayerHeroes, 'heroes'> = {
        user_id: p.id,
        username: p.username,
        hero_count: p.hero_count,
      };
      const shown = heroesOf.get(p.id)!.flatMap((id) => docs.get(id) ?? []);
      return Buffer.concat([
        Buffer.from(`${JSON.stringify(head).slice(0, -1)},"heroes":`),
        ...jsonArray(shown),
        CLOSE_OBJECT,
      ]);
    });
    return Buffer.concat([
      OPEN_PAGE,
      ...jsonArray(parts),
      Buffer.from(`,"next_cursor":${JSON.stringify(next)}}`),
    ]);
  }
}
