// The leaderboard's rows from its pages. The ladder is live: a fight between reading one page and the next can
// move a hero below the next page's cursor, and it comes again there. Each hero is shown once, where it was
// first seen (a hero that rose meanwhile shows at its new place when the board is read again).
import type { LeaderboardEntry, LeaderboardResponse } from '../../../api/index.ts';

export function boardEntries(pages: Pick<LeaderboardResponse, 'heroes'>[]): LeaderboardEntry[] {
  const seen = new Set<string>();
  return pages
    .flatMap((p) => p.heroes)
    .filter((e) => {
      if (seen.has(e.hero_id)) return false;
      seen.add(e.hero_id);
      return true;
    });
}
