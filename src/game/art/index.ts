// The art module's front door: portraits, icons and scenes as SVG strings, plus the URL builders.
// The API serves these under paths.ts. icon.ts loads the whole game-icons set (~6 MB), so the web client
// should show art by URL (paths.ts) or import portrait.ts / scene.ts directly, never this index.

export * from './paths.ts';
export { renderPortrait, RARITY_COLOURS } from './portrait.ts';
export {
  renderIcon,
  hasGlyph,
  resolveGlyph,
  ART_CREDITS,
  ABILITY_TINTS,
  GLYPH_FOR_ID,
  type IconOptions,
} from './icon.ts';
export { renderScene, sceneThemeFor, SCENE_THEMES, type SceneTheme } from './scene.ts';
