// Which scene art (served by the API: scenePath → /api/art/scenes/{theme}.svg) stands behind a fight:
// the arena in ochre, random battles in a dusk forest, dungeons by their theme — names with crypt, fortress,
// void or sanctum get their themed art, other dungeons their own theme when known.
import { scenePath } from '../../game/art/paths.ts';

export type LocationType = 'dungeon' | 'arena' | 'random';

export function sceneTheme(locationType: string, location: string, knownTheme?: string | null): string {
  if (locationType === 'arena') return 'arena';
  if (locationType === 'dungeon') {
    const name = location.toLowerCase();
    if (name.includes('crypt')) return 'crypt';
    if (name.includes('fortress')) return 'fortress';
    if (name.includes('void') || name.includes('sanctum')) return 'void';
    return knownTheme || 'cavern';
  }
  return 'forest';
}

export const sceneUrl = (theme: string): string => scenePath(theme);
