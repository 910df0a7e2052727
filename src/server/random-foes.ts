// Random battles' enemies: NPC-like heroes generated at the team's level from one of a fixed set of seeds per
// (level, team size), so the same foes come round again and their odds are cached (odds-pool.ts).
import { randomInt } from 'node:crypto';
import { generateHero, hashSeed } from '../game/index.ts';
import type { Hero } from '../game/types.ts';

export const FOE_BANDS = 16;

const PLACES = [
  'Bandit Crossroads',
  'Misty Moor',
  'Old Mill Road',
  'Wolfpine Ridge',
  'Sunken Ford',
  'Ashen Fields',
  'Ravenhold Gate',
  'Saltmarsh Shore',
  'Thornwood Glade',
  'Broken Bridge',
  'Goblin Hollow',
  'Stormwatch Cliffs',
  'Gloomfen',
  'Highpass Camp',
  'Emberfall Ruins',
  'Moonlit Orchard',
];

/** Enemies for a team: as many as its heroes, at its average level, from one of FOE_BANDS fixed seeds. */
export function randomFoes(team: Hero[], band = randomInt(FOE_BANDS)): { enemies: Hero[]; location: string } {
  const level = Math.max(1, Math.min(10, Math.round(team.reduce((n, h) => n + h.level, 0) / team.length)));
  const size = team.length;
  const enemies = Array.from({ length: size }, (_, i) =>
    generateHero(hashSeed('random-foe', level, size, band, i), {
      id: `foe_${level}_${size}_${band}_${i}`,
      userId: null,
      level,
    }),
  );
  return { enemies, location: PLACES[band % PLACES.length] };
}
