// Dungeon NPCs: synced from the content tables when the server starts (seed-content.ts: syncContent) and never
// changed while it runs, so they are read once per process.
import type { Hero } from '../game/types.ts';
import type { Ctx } from './context.ts';
import { heroFromRow } from './store/hero-rows.ts';

const loaded = new WeakMap<Ctx, Promise<Map<string, Hero[]>>>();

/** NPCs by dungeon id, ordered by level then id. */
export function npcsByDungeon(ctx: Ctx): Promise<Map<string, Hero[]>> {
  let p = loaded.get(ctx);
  if (!p) {
    p = ctx.store.db
      .selectFrom('heroes')
      .selectAll()
      .where('dungeon_id', 'is not', null)
      .orderBy('level')
      .orderBy('id')
      .execute()
      .then((rows) => {
        const m = new Map<string, Hero[]>(ctx.dungeons.map((d) => [d.id, []]));
        for (const r of rows) m.get(r.dungeon_id!)?.push(heroFromRow(r));
        return m;
      });
    p.catch(() => loaded.delete(ctx));
    loaded.set(ctx, p);
  }
  return p;
}
