// Dungeon NPCs: synced from the content tables when the server starts (seed-content.ts: syncContent) and never
// changed while it runs, so they are read once per process; and
// which of them stand on each floor (used by the floor's fight and by GET /api/odds alike).
import { DUNGEONS_BY_ID, dungeonFloor } from '../game/data/dungeons.ts';
import type { Hero } from '../game/types.ts';
import type { Ctx } from './context.ts';
import { MESSAGES, notFound } from './errors.ts';
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

/** Who stands on a dungeon's floor against a team of `teamSize` (the rules: game/data/dungeons.ts dungeonFloor). */
export async function floorFoes(
  ctx: Ctx,
  dungeonId: string,
  floor: number,
  teamSize: number,
): Promise<{ enemies: Hero[]; bossFloor: boolean }> {
  const def = DUNGEONS_BY_ID.get(dungeonId);
  if (!def) throw notFound(MESSAGES.dungeonNotFound);
  const { npcIds, bossFloor } = dungeonFloor(def, floor, teamSize);
  const npcs = new Map(((await npcsByDungeon(ctx)).get(dungeonId) ?? []).map((n) => [n.id, n]));
  return { enemies: npcIds.map((id) => npcs.get(id)).filter((n): n is Hero => !!n), bossFloor };
}
