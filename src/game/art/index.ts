// The art module's front door: portraits, icons and scenes as SVG strings, plus the URL builders.
// The API serves these under paths.ts; the web client shows them by URL (importing icon.ts pulls in the icon set).

export * from './paths.ts';
export { renderPortrait, RARITY_COLOURS } from './portrait.ts';
