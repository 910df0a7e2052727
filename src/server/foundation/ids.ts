// Unguessable ids, seeds and rolls. src/game never makes ids or reads time; the server does, here (time: clock.ts).
import { randomInt, randomUUID } from 'node:crypto';

/** `prefix_` + a random UUID's hex (122 random bits): unguessable, so an id alone can be a capability (battles, runs). */
export function newId(prefix: string): string {
  // randomUUID draws from a buffered entropy pool: much cheaper per id than randomBytes (122 random bits).
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

/** A fresh 32-bit seed from the OS's randomness, for generation, battles and rolls. */
export function newSeed(): number {
  return randomInt(0, 0x1_0000_0000);
}

/** A uniform roll in [0, 1) from the OS's randomness. */
export function newRoll(): number {
  return randomInt(0, 0x1_0000_0000) / 0x1_0000_0000;
}
