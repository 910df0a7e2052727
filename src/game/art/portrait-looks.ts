// What each race and class of the game looks like in a portrait, as data: head shape, colours and the features a
// race is known by (ears, horns, eyes, tusks …); cloth, trim and aura for a class. The painters (./portrait.ts) draw
// whatever a look names. Keyed by the content tables' own ids (src/game/data/races.ts, classes.ts): a test checks
// every race and class of the game has its look, and nothing else does.
import type { ArtDice } from './art-dice.ts';

export interface Tone {
  h: number;
  s: number;
  l: number;
}

/** The features a race is known by; every painter of a face part reads one of these. */
export interface RaceFeatures {
  ears: 'round' | 'long' | 'wide' | 'pointed' | 'frills';
  horns?: 'infernal' | 'draconic';
  /** round: white and iris; slit: coloured with a slit pupil; infernal: coloured, no pupil. */
  eyes: 'round' | 'slit' | 'infernal';
  /** Eyes slanting up at the outer corner. */
  eyeTilt?: boolean;
  /** Brow stroke width, an extra frown, and brows drawn in skin (a ridge) rather than hair. */
  brow: number;
  browTilt?: number;
  browFromSkin?: boolean;
  nose: 'line' | 'hooked' | 'round' | 'nostrils';
  fangs?: boolean;
  tusks?: boolean;
  blush?: boolean;
  scales?: boolean;
  /** How often a hero of the race wears a beard (1: always), and whether it is braided. */
  beard?: { chance: number; braided?: boolean };
}

export interface RaceLook {
  w: number;
  h: number;
  cy: number;
  jaw: number;
  breadth: number;
  skin(d: ArtDice): Tone;
  hair(d: ArtDice): Tone;
  eye(d: ArtDice): Tone;
  hairStyles: readonly string[];
  features: RaceFeatures;
}

export interface ClassLook {
  cloth(d: ArtDice): Tone;
  trim(d: ArtDice): Tone;
  aura: number; // hue of the glow behind the sitter
}

const natural = (d: ArtDice): Tone =>
  d.pick([
    { h: 30, s: 25, l: 12 },
    { h: 25, s: 45, l: 24 },
    { h: 18, s: 60, l: 34 },
    { h: 40, s: 55, l: 55 },
    { h: 35, s: 10, l: 62 },
    { h: 8, s: 55, l: 30 },
  ]);
const jitter = (d: ArtDice, t: Tone, dh = 6, ds = 6, dl = 5): Tone => ({
  h: t.h + d.range(-dh, dh),
  s: Math.max(0, Math.min(100, t.s + d.range(-ds, ds))),
  l: Math.max(4, Math.min(92, t.l + d.range(-dl, dl))),
});

export const RACE_LOOKS: Readonly<Record<string, RaceLook>> = {
  human: {
    w: 30,
    h: 38,
    cy: 104,
    jaw: 0.62,
    breadth: 1,
    skin: (d) => ({ h: d.range(18, 34), s: d.range(30, 55), l: d.range(32, 76) }),
    hair: natural,
    eye: (d) =>
      d.pick([
        { h: 25, s: 50, l: 28 },
        { h: 205, s: 50, l: 45 },
        { h: 110, s: 35, l: 38 },
        { h: 35, s: 40, l: 40 },
      ]),
    hairStyles: ['crop', 'long', 'swept', 'braid', 'tied', 'bald'],
    features: { ears: 'round', eyes: 'round', brow: 3, nose: 'line', beard: { chance: 0.35 } },
  },
  elf: {
    w: 27,
    h: 39,
    cy: 102,
    jaw: 0.32,
    breadth: 0.88,
    skin: (d) =>
      d.chance(0.25)
        ? { h: d.range(230, 260), s: 12, l: d.range(42, 55) }
        : { h: d.range(25, 40), s: d.range(25, 40), l: d.range(70, 84) },
    hair: (d) =>
      d.pick([
        { h: 45, s: 25, l: 86 },
        { h: 45, s: 70, l: 62 },
        { h: 220, s: 15, l: 14 },
        { h: 15, s: 65, l: 42 },
        { h: 200, s: 20, l: 78 },
      ]),
    eye: (d) =>
      d.pick([
        { h: 150, s: 60, l: 45 },
        { h: 195, s: 70, l: 55 },
        { h: 270, s: 45, l: 60 },
        { h: 45, s: 70, l: 55 },
      ]),
    hairStyles: ['long', 'long', 'braid', 'tied', 'swept'],
    features: { ears: 'long', eyes: 'round', eyeTilt: true, brow: 2, nose: 'line' },
  },
  dwarf: {
    w: 35,
    h: 33,
    cy: 112,
    jaw: 0.88,
    breadth: 1.16,
    skin: (d) => ({ h: d.range(12, 24), s: d.range(40, 55), l: d.range(45, 70) }),
    hair: (d) =>
      d.pick([
        { h: 12, s: 70, l: 38 },
        { h: 25, s: 45, l: 26 },
        { h: 30, s: 10, l: 15 },
        { h: 30, s: 6, l: 64 },
        { h: 30, s: 60, l: 50 },
      ]),
    eye: (d) =>
      d.pick([
        { h: 25, s: 50, l: 25 },
        { h: 205, s: 45, l: 40 },
      ]),
    hairStyles: ['crop', 'bald', 'tied', 'braid'],
    features: { ears: 'round', eyes: 'round', brow: 5, nose: 'round', beard: { chance: 1, braided: true } },
  },
  orc: {
    w: 34,
    h: 37,
    cy: 106,
    jaw: 0.95,
    breadth: 1.1,
    skin: (d) => ({ h: d.range(82, 122), s: d.range(25, 42), l: d.range(30, 44) }),
    hair: (d) =>
      d.pick([
        { h: 30, s: 15, l: 8 },
        { h: 20, s: 30, l: 16 },
        { h: 0, s: 0, l: 30 },
      ]),
    eye: (d) =>
      d.pick([
        { h: 0, s: 70, l: 45 },
        { h: 45, s: 85, l: 50 },
        { h: 25, s: 60, l: 35 },
      ]),
    hairStyles: ['mohawk', 'topknot', 'bald', 'tied'],
    features: {
      ears: 'pointed',
      eyes: 'round',
      brow: 5,
      browTilt: 4,
      nose: 'line',
      tusks: true,
      beard: { chance: 0.2 },
    },
  },
  halfling: {
    w: 30,
    h: 33,
    cy: 112,
    jaw: 0.55,
    breadth: 0.9,
    skin: (d) => ({ h: d.range(18, 32), s: d.range(35, 55), l: d.range(45, 78) }),
    hair: natural,
    eye: (d) =>
      d.pick([
        { h: 25, s: 50, l: 30 },
        { h: 110, s: 40, l: 40 },
        { h: 205, s: 50, l: 45 },
      ]),
    hairStyles: ['curls', 'curls', 'crop'],
    features: { ears: 'pointed', eyes: 'round', brow: 3, nose: 'line', blush: true },
  },
  tiefling: {
    w: 29,
    h: 38,
    cy: 106,
    jaw: 0.42,
    breadth: 0.96,
    skin: (d) =>
      d.pick([
        { h: d.range(350, 365), s: 45, l: d.range(38, 48) },
        { h: d.range(270, 290), s: 30, l: d.range(38, 48) },
        { h: d.range(215, 230), s: 28, l: d.range(40, 50) },
      ]),
    hair: (d) =>
      d.pick([
        { h: 270, s: 30, l: 14 },
        { h: 0, s: 0, l: 8 },
        { h: 330, s: 50, l: 30 },
        { h: 220, s: 30, l: 70 },
      ]),
    eye: (d) =>
      d.pick([
        { h: 45, s: 95, l: 55 },
        { h: 0, s: 90, l: 55 },
        { h: 180, s: 80, l: 60 },
        { h: 0, s: 0, l: 92 },
      ]),
    hairStyles: ['long', 'swept', 'tied', 'crop'],
    features: { ears: 'pointed', horns: 'infernal', eyes: 'infernal', brow: 3, nose: 'line', fangs: true },
  },
  dragonborn: {
    w: 31,
    h: 38,
    cy: 106,
    jaw: 0.55,
    breadth: 1.08,
    skin: (d) =>
      jitter(
        d,
        d.pick([
          { h: 5, s: 55, l: 38 },
          { h: 28, s: 55, l: 40 },
          { h: 130, s: 40, l: 32 },
          { h: 212, s: 45, l: 38 },
          { h: 275, s: 35, l: 36 },
          { h: 45, s: 60, l: 45 },
        ]),
      ),
    hair: (d) => ({ h: d.range(25, 45), s: 25, l: d.range(70, 85) }),
    eye: (d) =>
      d.pick([
        { h: 48, s: 95, l: 55 },
        { h: 20, s: 95, l: 52 },
        { h: 90, s: 85, l: 50 },
      ]),
    hairStyles: ['none'],
    features: {
      ears: 'frills',
      horns: 'draconic',
      eyes: 'slit',
      brow: 3,
      browFromSkin: true,
      nose: 'nostrils',
      scales: true,
    },
  },
  goblin: {
    w: 30,
    h: 30,
    cy: 114,
    jaw: 0.5,
    breadth: 0.84,
    skin: (d) => ({ h: d.range(68, 95), s: d.range(35, 50), l: d.range(38, 52) }),
    hair: (d) =>
      d.pick([
        { h: 30, s: 15, l: 12 },
        { h: 0, s: 0, l: 70 },
      ]),
    eye: (d) =>
      d.pick([
        { h: 50, s: 95, l: 55 },
        { h: 10, s: 90, l: 50 },
      ]),
    hairStyles: ['bald', 'wisps', 'mohawk'],
    features: { ears: 'wide', eyes: 'slit', brow: 3, nose: 'hooked', fangs: true },
  },
};

export const GENERIC_RACE: RaceLook = {
  ...RACE_LOOKS.human,
  hairStyles: ['crop', 'swept'],
  features: { ears: 'round', eyes: 'round', brow: 3, nose: 'line' },
  skin: (d) => ({ h: d.range(20, 40), s: 15, l: d.range(50, 65) }),
};

export const CLASS_LOOKS: Readonly<Record<string, ClassLook>> = {
  knight: {
    cloth: (d) => ({ h: 215, s: 10, l: d.range(46, 56) }),
    trim: (d) => ({ h: d.pick([0, 215, 30]), s: 55, l: 38 }),
    aura: 20,
  },
  paladin: {
    cloth: (d) => ({ h: 45, s: 15, l: d.range(74, 82) }),
    trim: () => ({ h: 44, s: 75, l: 52 }),
    aura: 48,
  },
  berserker: {
    cloth: (d) => ({ h: 28, s: 30, l: d.range(30, 38) }),
    trim: () => ({ h: 0, s: 70, l: 40 }),
    aura: 0,
  },
  ranger: {
    cloth: (d) => ({ h: d.range(95, 130), s: 30, l: d.range(24, 32) }),
    trim: () => ({ h: 30, s: 45, l: 32 }),
    aura: 110,
  },
  sorcerer: {
    cloth: (d) => ({ h: d.range(215, 250), s: 55, l: d.range(30, 38) }),
    trim: () => ({ h: 45, s: 70, l: 55 }),
    aura: 220,
  },
  assassin: {
    cloth: (d) => ({ h: d.range(0, 360), s: 10, l: d.range(14, 20) }),
    trim: () => ({ h: 0, s: 55, l: 35 }),
    aura: 280,
  },
  cleric: {
    cloth: (d) => ({ h: 40, s: 25, l: d.range(82, 88) }),
    trim: () => ({ h: 44, s: 80, l: 50 }),
    aura: 50,
  },
  druid: {
    cloth: (d) => ({ h: d.range(30, 45), s: 35, l: d.range(28, 34) }),
    trim: () => ({ h: 100, s: 45, l: 40 }),
    aura: 100,
  },
  bard: {
    cloth: (d) => ({ h: d.pick([345, 200, 160, 275]), s: 55, l: 38 }),
    trim: () => ({ h: 46, s: 75, l: 55 }),
    aura: 320,
  },
  necromancer: {
    cloth: (d) => ({ h: d.range(265, 290), s: 25, l: d.range(12, 18) }),
    trim: () => ({ h: 110, s: 70, l: 45 }),
    aura: 120,
  },
};

export const GENERIC_CLASS: ClassLook = {
  cloth: () => ({ h: 30, s: 15, l: 30 }),
  trim: () => ({ h: 30, s: 25, l: 45 }),
  aura: 40,
};
