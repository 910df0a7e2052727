// The request hooks run where a route needs them and nowhere else (foundation/route-hooks.ts): a public read runs none of
// the guard's, the Idempotency-Key's or the WAL flush's; a read for a player runs the guard's; a paying route, all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DATABASES, startHarness, type Harness } from './helpers.ts';

/** Each route's hooks by name, from Fastify's route tree: `METHOD /path` → ['onSend:storeAnswer', …]. */
function hooksOf(app: FastifyInstance): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  const stack: string[] = [];
  let current: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n')) {
    // `├── /path (GET)` opens a node; `│   /path (HEAD)` below it is the same node's next method
    const route = /^([│ ]*)([├└]── )?(\/\S*) \(([^)]*)\)$/u.exec(line);
    if (route) {
      const depth = route[1].length / 4 - (route[2] ? 0 : 1);
      stack.length = depth;
      stack[depth] = route[3];
      current = [];
      for (const method of route[4].split(', ')) routes.set(`${method} ${stack.join('')}`, current);
      continue;
    }
    const hook = /• \((\w+)\) \[(.*)\]$/u.exec(line);
    if (hook)
      for (const name of JSON.parse(`[${hook[2]}]`) as string[])
        current.push(`${hook[1]}:${name.replace('()', '')}`);
  }
  return routes;
}

const OURS = ['checkPlayers', 'recheckPlayers', 'refuseCrossSite', 'storeAnswer', 'flushWal'];
const ours = (hooks: string[] | undefined) =>
  (hooks ?? []).filter((h) => OURS.some((o) => h.endsWith(`:${o}`)));

describe.each(DATABASES)('route hooks on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(() => h.close());

  it('a public read runs none of ours, a player read the guard, a paying route all it needs', () => {
    const hooks = hooksOf(h.app);
    for (const read of ['GET /api/shop', 'GET /api/heroes/:id', 'GET /api/npcs', 'GET /api/dungeons'])
      expect(ours(hooks.get(read)), read).toEqual([]);
    for (const read of ['GET /api/users/:id', 'GET /api/inventory', 'GET /api/users/:id/ledger'])
      expect(ours(hooks.get(read)), read).toEqual([
        'preValidation:checkPlayers',
        'preHandler:recheckPlayers',
      ]);
    const flush = kind === 'sqlite' ? ['onSend:flushWal'] : [];
    expect(ours(hooks.get('POST /api/shop/purchase')).sort()).toEqual(
      [
        'onRequest:refuseCrossSite',
        'preValidation:checkPlayers',
        'preHandler:recheckPlayers',
        'onSend:storeAnswer',
        ...flush,
      ].sort(),
    );
    // the answer is stored before the WAL flush that sends it with the rest
    const onSend = ours(hooks.get('POST /api/shop/purchase')).filter((x) => x.startsWith('onSend:'));
    expect(onSend).toEqual(['onSend:storeAnswer', ...flush]);
  });
});
