// Where the API serves generated art. Pure string building, shared by generation (which stores these paths
// on heroes), the server (which routes them to src/game/art renderers) and nothing else.

export const ART_PREFIX = '/api/art';

export type IconKind = 'ability' | 'trait' | 'status' | 'item' | 'currency' | 'race' | 'class' | 'type';

/** A portrait depends only on these; the path carries them, so it is stateless and cacheable forever. */
export interface PortraitKey {
  raceId: string;
  classId: string;
  type: string; // Tank | Damage | Support
  rarity: number;
  seed: number;
}

export function portraitPath(k: PortraitKey): string {
  return `${ART_PREFIX}/portraits/${k.raceId}/${k.classId}/${k.type.toLowerCase()}/${k.rarity}/${k.seed >>> 0}.svg`;
}

export function iconPath(kind: IconKind, id: string): string {
  return `${ART_PREFIX}/icons/${kind}/${id}.svg`;
}

/** Location art (dungeon images, combat backgrounds, map): `theme` is arena | crypt | fortress | void | forest | … */
export function scenePath(theme: string): string {
  return `${ART_PREFIX}/scenes/${theme}.svg`;
}
