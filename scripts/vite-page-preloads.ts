// A Vite plugin: for each lazy screen of the route table (src/web/routes.tsx, `path: '…', lazy: page(() =>
// import('…'))`), the files its chunk needs beyond the entry — its scripts and stylesheets — written to
// dist/page-preloads.json as { "<route path>": ["/assets/…", …] }. The server names them in the page it sends for
// such an address (src/server/http/page-shell.ts), so a screen opened by its address fetches its own chunk beside the
// entry instead of after it has run.
import type { Plugin } from 'vite';

/** A lazy route as routes.tsx writes it; the build fails when a lazy page is written another way. */
const LAZY_ROUTE = /path:\s*'([^']+)',\s*lazy:\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\)/g;

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function pagePreloads(): Plugin {
  /** resolved module id of a page → its route path */
  const pages = new Map<string, string>();
  return {
    name: 'page-preloads',
    apply: 'build',
    enforce: 'pre', // routes.tsx as written
    async transform(code, id) {
      if (!/[\\/]src[\\/]web[\\/]routes\.tsx$/.test(id)) return null;
      const lazy = [...code.matchAll(LAZY_ROUTE)];
      const imports = code.match(/import\('\.\/pages\//g)?.length ?? 0;
      const named = lazy.filter((m) => !m[1]!.includes('*'));
      if (lazy.length !== imports)
        this.error(
          `routes.tsx: ${imports} lazy pages, ${lazy.length} written as \`path: '…', lazy: page(() => import('…'))\``,
        );
      for (const [, path, source] of named) {
        const resolved = await this.resolve(source!, id);
        if (!resolved) this.error(`routes.tsx: cannot resolve ${source}`);
        pages.set(resolved.id, path!);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const out of Object.values(bundle))
        if (out.type === 'chunk') chunks.set(out.fileName, out as Chunk);
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const path = chunk.facadeModuleId ? pages.get(chunk.facadeModuleId) : undefined;
        if (!path) continue;
        const files = new Set<string>();
        const take = (c: Chunk): void => {
          if (c.isEntry || files.has(c.fileName)) return;
          files.add(c.fileName);
          for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
          for (const name of c.imports) {
            const dep = chunks.get(name);
            if (dep) take(dep);
          }
        };
        take(chunk);
        preloads[path] = [...files].map((f) => `/${f}`);
      }
      if (Object.keys(preloads).length !== pages.size)
        this.error(`page-preloads: ${pages.size} lazy pages, ${Object.keys(preloads).length} chunks found`);
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
