// The web app's page (dist/index.html) as the server sends it for an address. For a lazy screen of the route table it
// names that screen's own scripts and stylesheets in its <head> (<link rel="modulepreload"> / <link rel="preload"
// as="style">, from dist/page-preloads.json, which the build writes: scripts/vite-page-preloads.ts): opened by its
// address, a screen's chunk is fetched beside the entry instead of after the entry has run and asked for it. An
// address no route names, or a build without the list, gets the page as built.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface PageShell {
  /** The page as built. */
  readonly plain: string;
  /** The page for an address's path (no query): with the preloads of the screen its route names. */
  forPath(path: string): string;
}

/** A route path of the table ('heroes/:heroId') against an address's path ('/heroes/h_1'). */
function matches(route: string[], parts: string[]): boolean {
  return route.length === parts.length && route.every((r, i) => r.startsWith(':') || r === parts[i]);
}

const escapeAttr = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function readPageShell(webRoot: string): PageShell {
  const plain = readFileSync(resolve(webRoot, 'index.html'), 'utf8');
  const listed = resolve(webRoot, 'page-preloads.json');
  const preloads = existsSync(listed)
    ? (JSON.parse(readFileSync(listed, 'utf8')) as Record<string, string[]>)
    : {};
  const pages = Object.entries(preloads).map(([route, files]) => {
    const links = files
      .filter((f) => !plain.includes(`"${f}"`)) // the page names the entry's own already
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="${escapeAttr(f)}">`
          : `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`,
      )
      .join('');
    return { route: route.split('/'), page: plain.replace('</head>', `${links}</head>`) };
  });
  // A route's own words before a parameter's: 'arena/leaderboard' before any 'arena/:id'.
  const params = (route: string[]) => route.filter((r) => r.startsWith(':')).length;
  pages.sort((a, b) => params(a.route) - params(b.route));
  return {
    plain,
    forPath(path) {
      const parts = path.split('/').filter((p) => p !== '');
      return pages.find((p) => matches(p.route, parts))?.page ?? plain;
    },
  };
}
