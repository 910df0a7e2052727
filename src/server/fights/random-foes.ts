// Random battles' enemies: NPC-like heroes generated at the team's level from one of a fixed set of seeds per
// (level, team size), so the same foes come round again and their odds are cached (odds-pool.ts). Which band a
// player meets next is drawn by the server and stored (next_encounters) before the fight: /battle shows those
// enemies and their odds (GET /api/odds), the next random battle fights them and draws the one after.
import { randomInt } from 'node:crypto';
import { generateHero, hashSeed } from '../../game/index.ts';
import type { Hero } from '../../game/types.ts';
import { nowSeconds } from '../foundation/clock.ts';
import type { Db } from '../economy/wallet.ts';

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

/**
 * Enemies for a team: as many as its heroes, at its average level and training (so a trained team still meets a
 * fight), from one of FOE_BANDS fixed seeds.
 */
export function randomFoes(team: Hero[], band: number): { enemies: Hero[]; location: string } {
  const mean = (f: (h: Hero) => number) => team.reduce((n, h) => n + f(h), 0) / team.length;
  const level = Math.max(1, Math.min(10, Math.round(mean((h) => h.level))));
  const training = Math.round(mean((h) => h.training ?? 0));
  const size = team.length;
  const enemies = Array.from({ length: size }, (_, i) =>
    generateHero(hashSeed('random-foe', level, size, band, i), {
      id:
        training > 0 ? `foe_${level}_${size}_${band}_${i}_t${training}` : `foe_${level}_${size}_${band}_${i}`,
      userId: null,
      level,
      training,
    }),
  );
  return { enemies, location: PLACES[band % PLACES.length] };
}

/** The band the player's next random battle meets: the stored one, or a fresh draw stored now. */
export async function nextEncounter(db: Db, userId: string): Promise<number> {
  const known = await db
    .selectFrom('next_encounters')
    .select('band')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (known) return known.band;
  await db
    .insertInto('next_encounters')
    .values({ user_id: userId, band: randomInt(FOE_BANDS), drawn_at: nowSeconds() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // Read back: a concurrent first draw may have been stored instead of ours.
  const drawn = await db
    .selectFrom('next_encounters')
    .select('band')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return drawn.band;
}

/**
 * After a random battle against `fought`: draws the next encounter and answers it — or null when another battle
 * already did.
 */
export async function drawNextEncounter(trx: Db, userId: string, fought: number): Promise<number | null> {
  const band = randomInt(FOE_BANDS);
  const drawn = await trx
    .updateTable('next_encounters')
    .set({ band, drawn_at: nowSeconds() })
    .where('user_id', '=', userId)
    .where('band', '=', fought)
    .executeTakeFirst();
  return drawn.numUpdatedRows > 0n ? band : null;
}
