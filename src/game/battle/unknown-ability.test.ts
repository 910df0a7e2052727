// A hero naming an ability the content table no longer has is refused by name, never fielded without it (the
// server checks stored heroes at start-up: src/server/store/hero-references.ts).
import { expect, it } from 'vitest';
import { generateHero } from '../generation.ts';
import { compileTeam, fightingFingerprints } from './compile.ts';

it('compiling a hero with an unknown ability throws, naming the hero and the ability', () => {
  const hero = generateHero(7, { id: 'h_old', userId: null, level: 3 });
  const forgotten = { ...hero.abilities[0], id: 'forgotten_bolt' };
  const old = { ...hero, abilities: [forgotten, ...hero.abilities.slice(1)] };
  expect(() => compileTeam([hero])).not.toThrow();
  expect(() => compileTeam([old])).toThrow(
    "hero h_old has ability 'forgotten_bolt', which is not in ABILITIES",
  );
  expect(() => fightingFingerprints([old])).toThrow(/forgotten_bolt/);
});
