// The order in which campaign stages open the dungeons and the arena (issue 30; GET /api/campaign's `unlocks`), so a
// new player meets one thing at a time. Nothing is refused before its stage (docs/api.md, the campaign section):
// the pages only say which stage opens a place, and /dungeons lists the opened ones first. While the campaign is
// loading, or if its read fails, nothing extra shows. Used by pages/dungeons and pages/map.
import type { CampaignResponse } from '../../api/index.ts';
import { useCampaign } from '../api/hooks.ts';
import './unlock-order.css';

export type Unlocks = CampaignResponse['unlocks'];

/** The player's unlocks, once the campaign is read (undefined while it loads or if it failed: show nothing). */
export function useUnlocks(userId: string): Unlocks | undefined {
  return useCampaign(userId).data?.unlocks;
}

/** The stage that opens a dungeon (by its id) or the arena (null), while it is not open; null once it is. */
export function opensWith(unlocks: Unlocks | undefined, id: string | null): string | null {
  const u = unlocks?.find((x) => (id === null ? x.kind === 'arena' : x.kind === 'dungeon' && x.id === id));
  return u && !u.unlocked ? u.stage_id : null;
}

/** The stage that opens the first dungeon, while none is open; null once one is. */
export function firstDungeonOpensWith(unlocks: Unlocks | undefined): string | null {
  const dungeons = unlocks?.filter((u) => u.kind === 'dungeon') ?? [];
  return dungeons.length > 0 && !dungeons.some((u) => u.unlocked) ? dungeons[0].stage_id : null;
}

/**
 * The dungeons with the opened ones first (and any the campaign does not name), then the rest in the order stages
 * open them; otherwise the list's own order.
 */
export function inOpeningOrder<T extends { id: string }>(
  dungeons: readonly T[],
  unlocks: Unlocks | undefined,
): T[] {
  const place = (d: T): number => {
    const k = unlocks?.findIndex((u) => u.kind === 'dungeon' && u.id === d.id) ?? -1;
    return k < 0 || unlocks![k].unlocked ? -1 : k;
  };
  return dungeons
    .map((d, i) => ({ d, i, at: place(d) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.d);
}

/** 'Opens with stage 1-5': a quiet pill on a place its stage has not opened yet. */
export function OpensWithBadge({ stageId }: { stageId: string }) {
  return (
    <span className="opens-with" data-testid="opens-with">
      Opens with stage {stageId}
    </span>
  );
}
