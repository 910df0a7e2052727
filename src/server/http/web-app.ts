// The web app as the server sends it: the built files (dist/, with their .br/.gz copies), every page address
// answered with the app's page naming that screen's scripts and styles (page-shell.ts), a replay's page with its
// fight named for a link preview, and the API's 404. Without a build, a page says how to make one.
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isValidId } from '../../api/id-rule.ts';
import { replayHeadFor } from '../fights/battle-replays.ts';
import type { Db } from '../economy/wallet.ts';
import { readPageShell } from './page-shell.ts';
import { API_SECURITY_HEADERS, isApiData } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the web app built in `webRoot` (null: the API only); answers the app's plain page, or null without one. */
export async function serveWebApp(
  app: FastifyInstance,
  webRoot: string | null,
  db: Db,
): Promise<string | null> {
  const hasWeb = webRoot !== null && existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: resolve(webRoot),
      wildcard: false,
      index: 'index.html',
      // The .br/.gz copies made at build (scripts/compress-dist.ts), for browsers that accept them.
      preCompressed: true,
      // Vite names what it puts in assets/ by content, so a browser may keep those for good; the page itself
      // is checked on every visit, so a new build shows at once.
      setHeaders: (reply, path) =>
        reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache'),
    });
  const shell = hasWeb ? readPageShell(webRoot) : null;
  // A replay's page: the app's shell, its <title> and Open Graph tags naming the fight, so a shared link previews
  // well. A fight that cannot be shown gets the plain shell (the page then says so).
  if (shell)
    app.get<{ Params: { battleId: string } }>('/replay/:battleId', async (req, reply) => {
      const id = req.params.battleId;
      const head = isValidId(id) ? await replayHeadFor(db, id, `${req.protocol}://${req.host}`) : null;
      const html = shell.forPath(`/replay/${id}`);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(head ? html.replace(/<title>[^<]*<\/title>/, head) : html);
    });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (shell)
      return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(shell.forPath(path));
    return reply
      .type('text/html')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Runeborn</title><h1>Runeborn</h1>' +
          '<p>The web app is not built yet: run <code>npm run build</code>, then restart. The API is at <a href="/api/docs">/api/docs</a>.</p>',
      );
  });
  return shell?.plain ?? null;
}

/** The web app's page as sent for an address it does not name, with a page's headers. */
export interface WebPage {
  shell: string;
  headers: Record<string, string>;
}

/**
 * Answers an address the router refuses before any hook runs — bytes that are not UTF-8 (%ED%A0%80, a lone
 * surrogate's bytes), a part longer than any id: a page gets the app's page (/replay/{too long} then says Battle
 * Not Found, as for any id that names no fight); anything else is answered like every other refusal.
 */
export function refusedAddress(
  pageNow: () => WebPage | null,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (err, req, res) => {
    const page = pageNow();
    const reply = res as unknown as FastifyReply;
    if (page && !isApiData(req.url) && (req.method === 'GET' || req.method === 'HEAD'))
      return reply
        .headers(page.headers)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .send(page.shell);
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .headers(isApiData(req.url) ? API_SECURITY_HEADERS : {})
      .send({
        error:
          err.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'This address is not valid: a part of it is longer than any id'
            : 'This address is not valid: it holds bytes that are not UTF-8 text',
      });
  };
}
