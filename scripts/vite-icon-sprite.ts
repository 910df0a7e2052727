// A Vite plugin: the interface icons as one SVG sprite (used by vite.config.ts, and by vitest.config.ts so component
// tests resolve the same module).
import type { Plugin } from 'vite';
import { ICON_BODIES } from '../src/web/components/icon-bodies.ts';

/**
 * The interface icons (src/web/components/icon-bodies.ts) as one SVG sprite, a file of its own named by its content
 * (`import sprite from 'virtual:icon-sprite'` is its address): <Icon> draws `<use href="…#name">`, so the 40 KB of
 * path data never rides in the scripts — the first screen's JS was carrying every icon of the game.
 */
export function iconSprite(): Plugin {
  const id = 'virtual:icon-sprite';
  const sprite =
    '<svg xmlns="http://www.w3.org/2000/svg">' +
    Object.entries(ICON_BODIES)
      .map(([name, body]) => `<symbol id="${name}" viewBox="0 0 512 512">${body}</symbol>`)
      .join('') +
    '</svg>';
  let serving = false;
  return {
    name: 'icon-sprite',
    configResolved: (config) => void (serving = config.command === 'serve'),
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(module) {
      if (module !== `\0${id}`) return null;
      if (serving) return `export default '/@icon-sprite.svg';`;
      const ref = this.emitFile({ type: 'asset', name: 'icons.svg', source: sprite });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use('/@icon-sprite.svg', (_req, res) => {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(sprite);
      });
    },
  };
}
