// Unguessable ids and the server's clock. src/game never makes ids or reads time; the server does, here.
import { randomBytes, randomInt } from 'node:crypto';

/** `prefix_` + 128 random bits in hex: unguessable, so an id alone can be a capability (battles, runs). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/** A fresh 32-bit seed from the OS's randomness, for generation, battles and rolls. */
export function newSeed(): number {
  return randomInt(0, 0x1_0000_0000);
}

/** A uniform roll in [0, 1) from the OS's randomness. */
export function newRoll(): number {
  return randomInt(0, 0x1_0000_0000) / 0x1_0000_0000;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
