// saveHeroes (heroes/hero-store.ts): a fight's pay writes its team in one statement — each hero its own values (a
// column that differs is set hero by hero), each only at the version it was read at and while it is the player's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveHeroes } from '../../src/server/heroes/hero-store.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { heroFromRow } from '../../src/server/store/hero-rows.ts';
import { DATABASES, newPlayer, startHarness, summonHero, type Harness } from './helpers.ts';

describe.each(DATABASES)('saveHeroes on %s', (kind) => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    h = await startHarness(kind);
    store = openStore(h.db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  const rowOf = (id: string) =>
    store.db.selectFrom('heroes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('writes each hero its own state at once, and nothing past a version moved or a hero not the player’s', async () => {
    const p = await newPlayer(h, 'saves');
    const other = await newPlayer(h, 'other');
    const ids = [
      (await summonHero(h, p.id)).id,
      (await summonHero(h, p.id)).id,
      (await summonHero(h, p.id)).id,
    ];
    const rows = await Promise.all(ids.map(rowOf));
    // differing xp, names and a level; one stat the same for all
    const saves = rows.map((r, i) => ({
      hero: { ...heroFromRow(r), xp: 10 * (i + 1), name: `Saved ${i}`, level: r.level + i, def: 77 },
      version: r.version,
    }));
    expect(await saveHeroes(store.db, saves, p.id)).toBe(true);
    for (const [i, id] of ids.entries()) {
      const after = await rowOf(id);
      expect(after).toMatchObject({
        xp: 10 * (i + 1),
        name: `Saved ${i}`,
        level: rows[i].level + i,
        def: 77,
      });
      expect(after.version).toBe(rows[i].version + 1);
      expect(JSON.parse(after.doc)).toMatchObject({ name: `Saved ${i}`, xp: 10 * (i + 1) });
    }
    // the first at its old version: refused, and it is not written
    const stale = [
      { hero: { ...heroFromRow(await rowOf(ids[0])), xp: 999 }, version: rows[0].version },
      { hero: { ...heroFromRow(await rowOf(ids[1])), xp: 998 }, version: rows[1].version + 1 },
    ];
    expect(await saveHeroes(store.db, stale, p.id)).toBe(false);
    expect((await rowOf(ids[0])).xp).toBe(10);
    // another player's save of these heroes: none written
    const theirs = [{ hero: { ...heroFromRow(await rowOf(ids[2])), xp: 5 }, version: rows[2].version + 1 }];
    expect(await saveHeroes(store.db, theirs, other.id)).toBe(false);
    expect((await rowOf(ids[2])).xp).toBe(30);
  });
});
