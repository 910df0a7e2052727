// What a client cannot break: unknown routes, malformed JSON, oversized bodies, and a property test that throws
// random and malformed requests at every route the app has (full-Unicode text with NUL and lone surrogates, and
// the names every JS object answers to, now and then with an Idempotency-Key shared across routes) — never a 5xx, every refusal an { error }, and no refusal moving a
// currency, an item or a hero. Targeted crafted requests are in hostile-input.test.ts.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSES, own, RACES } from '../../src/game/index.ts';
import { SCENE_THEMES, type IconKind } from '../../src/game/art/index.ts';
import { iconFor } from '../../src/server/routes/art.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import {
  BUILT_IN_NAMES,
  DATABASES,
  newPlayer,
  setBalances,
  startHarness,
  summonHero,
  urlEncode,
  type Harness,
} from './helpers.ts';

/** Requests per database: about 20-40 s on the 2-core CI machine. */
const FUZZ_RUNS = 1200;

/** What a refusal must leave as it was: every player's currencies, ledger entries, item counts and heroes (by version). */
async function holdings(store: Store, userId?: string) {
  const { db } = store;
  let users = db
    .selectFrom('users')
    .select(['id', 'gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens', 'hero_count']);
  let heroes = db.selectFrom('heroes').select(['id', 'user_id', 'version']);
  let inventory = db.selectFrom('inventory').select(['id', 'user_id', 'item_id', 'quantity']);
  let ledger = db.selectFrom('ledger').select(['id']);
  if (userId) {
    users = users.where('id', '=', userId);
    heroes = heroes.where('user_id', '=', userId);
    inventory = inventory.where('user_id', '=', userId);
    ledger = ledger.where('user_id', '=', userId);
  }
  return {
    users: await users.orderBy('id').execute(),
    heroes: await heroes.orderBy('id').execute(),
    inventory: await inventory.orderBy('id').execute(),
    ledger: await ledger.orderBy('id').execute(),
  };
}

/** The app's own API routes as `METHOD /path/:param`, read from Fastify's route tree (HEAD and the docs left out). */
function appRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const path = stack.join('');
    if (!m[3] || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') found.add(`${method} ${path}`);
  }
  return [...found].sort();
}

/** Does an art URL name real content (a race and class, an icon's entry, a scene)? */
function namesContent(url: string): boolean {
  const parts = url
    .split('?')[0]
    .replace(/\.svg$/, '')
    .split('/')
    .slice(3)
    .map(decodeURIComponent);
  if (parts[0] === 'portraits')
    return !!own(RACES, parts[1].toLowerCase()) && !!own(CLASSES, parts[2].toLowerCase());
  if (parts[0] === 'icons') return iconFor(parts[1] as IconKind, parts[2]) !== null;
  return (SCENE_THEMES as readonly string[]).includes(parts[1]);
}

/** One character of hostile text: any code point, or one of those that break naive code (NUL, lone halves …). */
const hostileChar = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufeff',
      '%',
      '/',
      '?',
      '#',
      '&',
      '=',
      '.',
      '\\',
      '"',
    ),
  },
);
/** Text a client could send: full Unicode with NUL and lone surrogates, long runs, or a built-in property name. */
const text = fc.oneof(
  fc.string({ unit: hostileChar, maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 90 }),
  fc.constantFrom(...BUILT_IN_NAMES, '', ' ', '../../etc/passwd', '%00', 'x'.repeat(65)),
);
const junk = fc.oneof(
  fc.anything({ withNullPrototype: true, withObjectString: true }),
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 6 }),
  fc.dictionary(fc.oneof(text, fc.constantFrom(...BUILT_IN_NAMES)), fc.anything()),
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** A URL segment or query value: the text's UTF-8 (a lone surrogate as its 3 bytes), never empty. */
const seg = (a: fc.Arbitrary<string>) => a.map((s) => urlEncode(s) || 'x');

interface Fixtures {
  victim: string;
  attacker: string;
  heroIds: string[];
  itemIds: string[];
  battleIds: string[];
  runIds: string[];
  guildIds: string[];
}

/** A generator of requests for every route: paths, queries and bodies, with real ids mixed into the junk. */
function routes(f: Fixtures) {
  const someId = fc.oneof(
    { weight: 2, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        f.attacker,
        f.victim,
        ...f.heroIds,
        ...f.itemIds,
        ...f.battleIds,
        ...f.runIds,
        ...f.guildIds,
        'npc_woods_poacher',
        'npc_void_archon',
        'draught_of_insight',
        'forgotten_crypt',
      ),
    },
  );
  const actingUser = fc.oneof(fc.constant(f.attacker), text, junk);
  const r = (
    method: string,
    url: fc.Arbitrary<string>,
    body: fc.Arbitrary<unknown> = fc.constant(undefined),
  ) => fc.record({ method: fc.constant(method), url, body });
  const get = (url: fc.Arbitrary<string>) => r('GET', url);
  const withQuery = (path: string, ...params: [string, fc.Arbitrary<string>][]) =>
    fc
      .tuple(
        ...params.map(([k, v]) => fc.tuple(fc.constant(k), maybe(seg(v)))),
        fc.array(fc.tuple(seg(text), seg(text)), { maxLength: 2 }),
      )
      .map((parts) => {
        // fast-check maps a value again while shrinking: read the parts, never change them.
        const extra = parts[parts.length - 1] as [string, string][];
        const pairs = (parts.slice(0, -1) as [string, string | undefined][]).filter(
          ([, v]) => v !== undefined,
        );
        const q = [...pairs, ...extra].map(([k, v]) => `${k}=${v}`).join('&');
        return q ? `${path}?${q}` : path;
      });
  const team = fc.oneof(junk, fc.array(someId, { maxLength: 6 }));
  const stageId = fc.oneof(fc.constantFrom('1-1', '1-2', '6-8', '0-0', '__proto__'), someId);
  const generators: Record<string, fc.Arbitrary<{ method: string; url: string; body: unknown }>> = {
    'GET /api/health': get(withQuery('/api/health')),
    'GET /api/ready': get(withQuery('/api/ready')),
    'GET /api/users': get(
      withQuery('/api/users', ['q', text], ['limit', fc.oneof(text, fc.integer().map(String))]),
    ),
    'POST /api/users': r(
      'POST',
      fc.constant('/api/users'),
      fc.oneof(
        junk,
        fc.record({
          username: fc.oneof(text, junk),
          time_zone: maybe(fc.oneof(text, junk, fc.constantFrom('Europe/Berlin', '+05:00'))),
          reset_hour: maybe(fc.oneof(fc.integer(), junk)),
        }),
      ),
    ),
    'GET /api/users/:id': get(seg(someId).map((id) => `/api/users/${id}`)),
    'PATCH /api/users/:id': r(
      'PATCH',
      seg(someId).map((id) => `/api/users/${id}`),
      fc.oneof(
        junk,
        fc.record({
          time_zone: maybe(fc.oneof(text, junk, fc.constantFrom('Asia/Tokyo', 'utc', 'Etc/GMT+5', '+05:00'))),
          reset_hour: maybe(fc.oneof(fc.integer({ min: -2, max: 25 }), fc.integer(), junk)),
        }),
      ),
    ),
    'GET /api/daily': get(withQuery('/api/daily', ['user_id', someId])),
    'POST /api/daily/claim': r(
      'POST',
      fc.constant('/api/daily/claim'),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          claim: fc.oneof(
            text,
            junk,
            fc.constantFrom(
              'bonus',
              'calendar',
              '2026-11-27.summon',
              '9999-99-99.arena_win',
              'x.constructor',
            ),
          ),
        }),
      ),
    ),
    'GET /api/users/:id/ledger': get(
      fc
        .tuple(
          seg(someId),
          withQuery(
            '',
            ['limit', fc.oneof(text, fc.integer().map(String))],
            ['currency', fc.oneof(fc.constantFrom('gold', 'combat_tokens'), text)],
            [
              'cursor',
              fc.oneof(
                text,
                text.map((t) => Buffer.from(t).toString('base64url')),
                fc.nat().map((n) => Buffer.from(`l.${n}`).toString('base64url')),
              ),
            ],
          ),
        )
        .map(([id, query]) => `/api/users/${id}/ledger${query}`),
    ),
    'POST /api/characters/generate': r(
      'POST',
      fc.constant('/api/characters/generate'),
      fc.oneof(fc.record({ user_id: actingUser, generation_id: maybe(fc.oneof(text, junk)) }), junk),
    ),
    'GET /api/characters/pending': get(withQuery('/api/characters/pending', ['user_id', someId])),
    'POST /api/heroes': r(
      'POST',
      fc.constant('/api/heroes'),
      fc.oneof(
        junk,
        fc.record({ user_id: actingUser, character_data: fc.oneof(junk, fc.record({ id: someId })) }),
      ),
    ),
    'GET /api/heroes': get(withQuery('/api/heroes', ['user_id', someId])),
    'GET /api/heroes/browse/all': get(
      withQuery(
        '/api/heroes/browse/all',
        ['limit', text],
        [
          'cursor',
          fc.oneof(
            text,
            text.map((t) => Buffer.from(t).toString('base64url')),
          ),
        ],
        ['exclude_user_id', someId],
      ),
    ),
    'GET /api/npcs': get(withQuery('/api/npcs')),
    'GET /api/heroes/:heroId': get(seg(someId).map((id) => `/api/heroes/${id}`)),
    'DELETE /api/heroes/:heroId': r(
      'DELETE',
      fc
        .tuple(seg(someId), seg(fc.oneof(fc.constant(f.attacker), text)))
        .map(([id, u]) => `/api/heroes/${id}?user_id=${u}`),
    ),
    'POST /api/heroes/:heroId/reroll-abilities': r(
      'POST',
      seg(someId).map((id) => `/api/heroes/${id}/reroll-abilities`),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'GET /api/heroes/:heroId/ascension': get(
      fc
        .tuple(seg(someId), seg(fc.oneof(fc.constant(f.attacker), text)))
        .map(([id, u]) => `/api/heroes/${id}/ascension?user_id=${u}`),
    ),
    'POST /api/heroes/:heroId/ascend': r(
      'POST',
      seg(someId).map((id) => `/api/heroes/${id}/ascend`),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          spend_hero_ids: maybe(team),
          use_shards: maybe(fc.oneof(fc.boolean(), junk)),
        }),
      ),
    ),
    'POST /api/heroes/:heroId/train': r(
      'POST',
      seg(someId).map((id) => `/api/heroes/${id}/train`),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'POST /api/heroes/:heroId/ascension/reset': r(
      'POST',
      seg(someId).map((id) => `/api/heroes/${id}/ascension/reset`),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'POST /api/heroes/:heroId/gear': r(
      'POST',
      seg(someId).map((id) => `/api/heroes/${id}/gear`),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          item_id: fc.oneof(someId, fc.constantFrom('ember_weapon', 'gale_relic')),
        }),
      ),
    ),
    'DELETE /api/heroes/:heroId/gear/:slot': r(
      'DELETE',
      fc
        .tuple(
          seg(someId),
          seg(fc.oneof(text, fc.constantFrom('weapon', 'armour', 'charm', 'relic'))),
          seg(fc.oneof(fc.constant(f.attacker), text)),
        )
        .map(([id, slot, u]) => `/api/heroes/${id}/gear/${slot}?user_id=${u}`),
    ),
    'POST /api/battles': r(
      'POST',
      fc.constant('/api/battles'),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          team_hero_ids: team,
          mode: maybe(fc.oneof(fc.constantFrom('auto', 'turn_based'), junk)),
        }),
      ),
    ),
    'GET /api/battles/active': get(withQuery('/api/battles/active', ['user_id', someId])),
    'GET /api/battles/:battleId': get(seg(someId).map((id) => `/api/battles/${id}`)),
    'GET /api/battles/:battleId/replay': get(
      fc
        .tuple(seg(someId), maybe(seg(fc.oneof(fc.constant(f.attacker), text))))
        .map(([id, u]) => `/api/battles/${id}/replay${u === undefined ? '' : `?user_id=${u}`}`),
    ),
    'GET /api/users/:id/battles': get(
      fc
        .tuple(
          seg(someId),
          withQuery(
            '',
            ['limit', text],
            [
              'cursor',
              fc.oneof(
                text,
                text.map((t) => Buffer.from(t).toString('base64url')),
              ),
            ],
          ),
        )
        .map(([id, query]) => `/api/users/${id}/battles${query}`),
    ),
    'POST /api/battles/:battleId/action': r(
      'POST',
      seg(someId).map((id) => `/api/battles/${id}/action`),
      fc.oneof(
        junk,
        fc.record({ option_id: maybe(fc.oneof(text, junk)), auto: maybe(junk), user_id: maybe(actingUser) }),
      ),
    ),
    'POST /api/arena/battle': r(
      'POST',
      fc.constant('/api/arena/battle'),
      fc.oneof(junk, fc.record({ user_id: actingUser, attacker_hero_id: someId, opponent_id: someId })),
    ),
    'GET /api/arena/leaderboard': get(
      withQuery(
        '/api/arena/leaderboard',
        ['limit', fc.oneof(text, fc.integer().map(String))],
        [
          'cursor',
          fc.oneof(
            text,
            text.map((t) => Buffer.from(t).toString('base64url')),
            fc
              .tuple(fc.oneof(fc.double(), text, junk), fc.oneof(someId, junk))
              .map((v) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url')),
          ),
        ],
        ['user_id', fc.oneof(fc.constant(f.attacker), someId)],
      ),
    ),
    'GET /api/arena/opponents': get(
      withQuery(
        '/api/arena/opponents',
        ['user_id', fc.oneof(fc.constant(f.attacker), text)],
        ['hero_id', someId],
        ['limit', fc.oneof(text, fc.integer().map(String))],
      ),
    ),
    'POST /api/arena/opponents/refresh': r(
      'POST',
      fc.constant('/api/arena/opponents/refresh'),
      fc.oneof(
        junk,
        fc.record({ user_id: actingUser, hero_id: someId, limit: maybe(fc.oneof(fc.integer(), junk)) }),
      ),
    ),
    'GET /api/odds': get(
      withQuery(
        '/api/odds',
        ['user_id', fc.oneof(fc.constant(f.attacker), text)],
        ['kind', fc.oneof(fc.constantFrom('arena', 'dungeon', 'random', 'campaign'), text)],
        ['hero_id', someId],
        ['opponent_id', someId],
        ['dungeon_id', fc.oneof(fc.constant('sunken_mines'), someId)],
        ['tier', fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), text)],
        ['run_id', someId],
        ['stage_id', stageId],
        ['team', fc.array(someId, { maxLength: 6 }).map((ids) => ids.join(','))],
      ),
    ),
    'GET /api/campaign': get(withQuery('/api/campaign', ['user_id', someId])),
    'POST /api/campaign/stages/:stageId/battle': r(
      'POST',
      seg(stageId).map((id) => `/api/campaign/stages/${id}/battle`),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          team_hero_ids: team,
          mode: maybe(fc.oneof(fc.constantFrom('auto', 'turn_based'), junk)),
        }),
      ),
    ),
    'GET /api/idle': get(withQuery('/api/idle', ['user_id', someId])),
    'POST /api/idle/claim': r(
      'POST',
      fc.constant('/api/idle/claim'),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'GET /api/fairness': get(
      withQuery(
        '/api/fairness',
        ['kind', fc.oneof(fc.constantFrom('all', 'arena', 'dungeon', 'random', 'campaign'), text)],
        ['buckets', fc.oneof(fc.constantFrom('5', '10', '20'), fc.integer().map(String), text)],
      ),
    ),
    'GET /api/dungeons': get(withQuery('/api/dungeons')),
    'GET /api/dungeons/:dungeonId': get(seg(someId).map((id) => `/api/dungeons/${id}`)),
    'GET /api/dungeons/:dungeonId/npcs': get(seg(someId).map((id) => `/api/dungeons/${id}/npcs`)),
    'POST /api/dungeons/:dungeonId/start': r(
      'POST',
      seg(someId).map((id) => `/api/dungeons/${id}/start`),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          team_hero_ids: team,
          abandon_active: maybe(junk),
          tier: maybe(fc.oneof(fc.integer({ min: -2, max: 12 }), junk)),
        }),
      ),
    ),
    'POST /api/dungeon-runs/:runId/battle': r(
      'POST',
      seg(someId).map((id) => `/api/dungeon-runs/${id}/battle`),
      fc.oneof(junk, fc.record({ user_id: maybe(actingUser), floor: maybe(fc.oneof(fc.integer(), junk)) })),
    ),
    'GET /api/dungeon-runs/active': get(withQuery('/api/dungeon-runs/active', ['user_id', someId])),
    'GET /api/dungeon-tiers': get(
      withQuery('/api/dungeon-tiers', ['user_id', fc.oneof(fc.constant(f.attacker), someId)]),
    ),
    'GET /api/dungeon-runs/:runId': get(
      fc
        .tuple(seg(someId), maybe(seg(fc.oneof(fc.constant(f.attacker), text))))
        .map(([id, u]) => `/api/dungeon-runs/${id}${u === undefined ? '' : `?user_id=${u}`}`),
    ),
    'GET /api/shop': get(withQuery('/api/shop')),
    'GET /api/summons': get(
      withQuery('/api/summons', ['user_id', fc.oneof(fc.constant(f.attacker), someId)]),
    ),
    'POST /api/shop/purchase': r(
      'POST',
      fc.constant('/api/shop/purchase'),
      fc.oneof(junk, fc.record({ user_id: actingUser, item_id: someId, quantity: maybe(junk) })),
    ),
    'GET /api/inventory': get(withQuery('/api/inventory', ['user_id', someId])),
    'POST /api/inventory/use': r(
      'POST',
      fc.constant('/api/inventory/use'),
      fc.oneof(junk, fc.record({ user_id: actingUser, item_id: someId, hero_id: maybe(someId) })),
    ),
    'GET /api/session': get(withQuery('/api/session')),
    'DELETE /api/session': r('DELETE', fc.constant('/api/session')),
    'GET /api/users/:id/passkeys': get(seg(someId).map((id) => `/api/users/${id}/passkeys`)),
    'POST /api/users/:id/passkeys/options': r(
      'POST',
      seg(someId).map((id) => `/api/users/${id}/passkeys/options`),
      maybe(junk),
    ),
    'POST /api/users/:id/passkeys': r(
      'POST',
      seg(someId).map((id) => `/api/users/${id}/passkeys`),
      fc.oneof(junk, fc.record({ challenge_id: someId, response: junk, name: maybe(fc.oneof(text, junk)) })),
    ),
    'DELETE /api/users/:id/passkeys/:passkeyId': r(
      'DELETE',
      fc.tuple(seg(someId), seg(text)).map(([id, k]) => `/api/users/${id}/passkeys/${k}`),
    ),
    'POST /api/users/:id/unlock': r(
      'POST',
      seg(someId).map((id) => `/api/users/${id}/unlock`),
      maybe(junk),
    ),
    'POST /api/users/:id/sign-in/options': r(
      'POST',
      seg(someId).map((id) => `/api/users/${id}/sign-in/options`),
      maybe(junk),
    ),
    'POST /api/users/:id/sign-in': r(
      'POST',
      seg(someId).map((id) => `/api/users/${id}/sign-in`),
      fc.oneof(
        junk,
        fc.record({
          challenge_id: someId,
          response: fc.oneof(
            junk,
            fc.record({ id: text, rawId: text, type: fc.constant('public-key'), response: junk }),
          ),
        }),
      ),
    ),
    'DELETE /api/users/:id/sessions': r(
      'DELETE',
      seg(someId).map((id) => `/api/users/${id}/sessions`),
    ),
    'GET /api/art/portraits/:raceId/:classId/:type/:rarity/:seed.svg': get(
      fc
        .tuple(
          seg(fc.oneof(text, fc.constantFrom('elf', 'human'))),
          seg(fc.oneof(text, fc.constantFrom('knight'))),
          seg(fc.oneof(text, fc.constantFrom('tank'))),
          seg(text),
          seg(text),
        )
        .map((p) => `/api/art/portraits/${p.join('/')}.svg`),
    ),
    'GET /api/art/icons/:kind/:id.svg': get(
      fc
        .tuple(
          seg(fc.oneof(text, fc.constantFrom('ability', 'trait', 'status', 'item', 'race', 'class'))),
          seg(text),
        )
        .map(([k, id]) => `/api/art/icons/${k}/${id}.svg`),
    ),
    'GET /api/art/scenes/:theme.svg': get(seg(text).map((t) => `/api/art/scenes/${t}.svg`)),
    'POST /api/challenges': r(
      'POST',
      fc.constant('/api/challenges'),
      fc.oneof(junk, fc.record({ user_id: actingUser, hero_ids: team, opponent_id: maybe(someId) })),
    ),
    'GET /api/challenges': get(withQuery('/api/challenges', ['user_id', someId])),
    'GET /api/live': get(withQuery('/api/live', ['user_id', someId])),
    'GET /api/challenges/:id': get(seg(someId).map((id) => `/api/challenges/${id}`)),
    ...Object.fromEntries(
      (['accept', 'decline', 'cancel'] as const).map((act) => [
        `POST /api/challenges/:id/${act}`,
        r(
          'POST',
          seg(someId).map((id) => `/api/challenges/${id}/${act}`),
          fc.oneof(junk, fc.record({ user_id: actingUser, hero_ids: maybe(team) })),
        ),
      ]),
    ),
    'GET /api/matches/:id': get(
      fc.tuple(seg(someId), withQuery('', ['user_id', someId])).map(([id, q]) => `/api/matches/${id}${q}`),
    ),
    'POST /api/matches/:id/choices': r(
      'POST',
      seg(someId).map((id) => `/api/matches/${id}/choices`),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          turn: fc.oneof(fc.integer(), junk),
          actions: fc.oneof(
            junk,
            fc.array(
              fc.record({
                hero_id: someId,
                ability_id: fc.oneof(text, fc.constant('attack')),
                target_id: maybe(someId),
              }),
              { maxLength: 5 },
            ),
          ),
        }),
      ),
    ),
    'POST /api/matches/:id/forfeit': r(
      'POST',
      seg(someId).map((id) => `/api/matches/${id}/forfeit`),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'POST /api/matches/:id/rematch': r(
      'POST',
      seg(someId).map((id) => `/api/matches/${id}/rematch`),
      fc.oneof(junk, fc.record({ user_id: actingUser })),
    ),
    'POST /api/guilds': r(
      'POST',
      fc.constant('/api/guilds'),
      fc.oneof(
        junk,
        fc.record({
          user_id: actingUser,
          name: fc.oneof(text, junk),
          description: maybe(fc.oneof(text, junk)),
          join_policy: fc.oneof(fc.constantFrom('open', 'request'), text, junk),
        }),
      ),
    ),
    'GET /api/guilds': get(
      withQuery(
        '/api/guilds',
        ['user_id', someId],
        ['query', text],
        ['cursor', text],
        ['limit', fc.oneof(text, fc.integer().map(String))],
      ),
    ),
    'GET /api/guilds/ranking': get(withQuery('/api/guilds/ranking')),
    'GET /api/guilds/:id': get(
      fc.tuple(seg(someId), withQuery('', ['user_id', someId])).map(([id, q]) => `/api/guilds/${id}${q}`),
    ),
    ...Object.fromEntries(
      (['join', 'leave'] as const).map((act) => [
        `POST /api/guilds/:id/${act}`,
        r(
          'POST',
          seg(someId).map((id) => `/api/guilds/${id}/${act}`),
          fc.oneof(junk, fc.record({ user_id: actingUser })),
        ),
      ]),
    ),
    ...Object.fromEntries(
      [
        ['requests', 'accept'],
        ['requests', 'refuse'],
        ['members', 'remove'],
        ['members', 'role'],
      ].map(([what, act]) => [
        `POST /api/guilds/:id/${what}/:userId/${act}`,
        r(
          'POST',
          fc.tuple(seg(someId), seg(someId)).map(([id, u]) => `/api/guilds/${id}/${what}/${u}/${act}`),
          fc.oneof(
            junk,
            fc.record({
              user_id: actingUser,
              role: maybe(fc.oneof(fc.constantFrom('leader', 'officer', 'member'), text)),
            }),
          ),
        ),
      ]),
    ),
    'GET /api/guilds/:id/messages': get(
      fc
        .tuple(seg(someId), withQuery('', ['user_id', someId], ['cursor', text], ['limit', text]))
        .map(([id, q]) => `/api/guilds/${id}/messages${q}`),
    ),
    'POST /api/guilds/:id/messages': r(
      'POST',
      seg(someId).map((id) => `/api/guilds/${id}/messages`),
      fc.oneof(junk, fc.record({ user_id: actingUser, text: fc.oneof(text, junk) })),
    ),
    'GET /api/guilds/:id/boss': get(
      fc
        .tuple(
          seg(someId),
          withQuery(
            '',
            ['user_id', someId],
            ['hero_ids', fc.array(someId, { maxLength: 5 }).map((a) => a.join(','))],
          ),
        )
        .map(([id, q]) => `/api/guilds/${id}/boss${q}`),
    ),
    'POST /api/guilds/:id/boss/attack': r(
      'POST',
      seg(someId).map((id) => `/api/guilds/${id}/boss/attack`),
      fc.oneof(junk, fc.record({ user_id: actingUser, hero_ids: team })),
    ),
    'GET /api/live/leaderboard': get(
      withQuery('/api/live/leaderboard', ['limit', fc.oneof(text, fc.integer().map(String))]),
    ),
    // The operator's console: no session here, so each is refused before it runs (tests/api/admin.test.ts).
    'GET /api/admin/players': get(withQuery('/api/admin/players', ['query', fc.oneof(text, someId)])),
    'GET /api/admin/players/:id': get(seg(someId).map((id) => `/api/admin/players/${id}`)),
    ...Object.fromEntries(
      (['grant', 'take'] as const).map((act) => [
        `POST /api/admin/players/:id/${act}`,
        r(
          'POST',
          seg(someId).map((id) => `/api/admin/players/${id}/${act}`),
          fc.oneof(
            junk,
            fc.record({
              currency: fc.oneof(fc.constantFrom('gold', 'magic_essence', 'gems'), text),
              amount: fc.oneof(fc.integer(), fc.double(), junk),
              reason: fc.oneof(text, junk),
            }),
          ),
        ),
      ]),
    ),
    ...Object.fromEntries(
      (['suspend', 'restore'] as const).map((act) => [
        `POST /api/admin/players/:id/${act}`,
        r(
          'POST',
          seg(someId).map((id) => `/api/admin/players/${id}/${act}`),
          fc.oneof(junk, fc.record({ reason: fc.oneof(text, junk) })),
        ),
      ]),
    ),
    'GET /api/admin/audit': get(withQuery('/api/admin/audit', ['cursor', text])),
  };
  return { generators };
}

describe.each(DATABASES)('robustness on %s', (kind) => {
  let h: Harness;
  let store: Store;
  let victim: { id: string };
  let attacker: { id: string };
  let victimHeroId: string;
  let victimItemRow: string;
  const ids = {
    heroes: [] as string[],
    items: [] as string[],
    battles: [] as string[],
    runs: [] as string[],
    guilds: [] as string[],
  };
  beforeAll(async () => {
    h = await startHarness(kind);
    store = openStore(h.db.url, { poolSize: 2 });
    victim = await newPlayer(h, 'victim');
    attacker = await newPlayer(h, 'attacker');
    victimHeroId = (await summonHero(h, victim.id)).id;
    await h.call('POST', '/api/shop/purchase', { user_id: victim.id, item_id: 'draught_of_insight' });
    victimItemRow = (await h.call('GET', `/api/inventory?user_id=${victim.id}`)).body.items[0].id;
    // The attacker has a little of everything, so a refusal that still charged or granted would show.
    const mine = [(await summonHero(h, attacker.id)).id, (await summonHero(h, attacker.id)).id];
    await h.call('POST', '/api/shop/purchase', { user_id: attacker.id, item_id: 'draught_of_insight' });
    const attackerItemRow = (await h.call('GET', `/api/inventory?user_id=${attacker.id}`)).body.items[0].id;
    const battle = await h.call('POST', '/api/battles', { user_id: attacker.id, team_hero_ids: [mine[0]] });
    const run = await h.call('POST', '/api/dungeons/forgotten_crypt/start', {
      user_id: attacker.id,
      team_hero_ids: mine,
    });
    await setBalances(h, attacker.id, {
      gold: 120,
      magic_essence: 60,
      summoning_scrolls: 1,
      combat_tokens: 3,
    });
    ids.heroes.push(victimHeroId, ...mine);
    ids.items.push(victimItemRow, attackerItemRow);
    ids.battles.push(battle.body.battle_id);
    ids.runs.push(run.body.id);
    const guild = await h.call('POST', '/api/guilds', {
      user_id: victim.id,
      name: 'Fuzzers Hall',
      join_policy: 'request',
    });
    ids.guilds.push(guild.body.id);
  });
  const fixtures = (): Fixtures => ({
    victim: victim?.id ?? 'u_victim',
    attacker: attacker?.id ?? 'u_attacker',
    heroIds: ids.heroes,
    itemIds: ids.items,
    battleIds: ids.battles,
    runIds: ids.runs,
    guildIds: ids.guilds,
  });
  afterAll(async () => {
    await store?.close();
    await h?.close();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/heroes/x/y/z'],
      ['DELETE', '/api/users'],
      ['GET', '/api'],
    ]) {
      const r = await h.call(method, url);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'Not found' });
    }
  });

  it('malformed JSON is a 400, an oversized body a 413, a wrong content type a 4xx', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Malformed JSON body' });
    const big = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(70 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/too large/);
    const text = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect([400, 415]).toContain(text.statusCode);
    expect(text.json().error).toBeTruthy();
    const proto = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"protouser","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBeLessThan(500);
  });

  it("security headers: pages get helmet's set with the web app's CSP, API answers the set for APIs", async () => {
    for (const url of ['/heroes', '/api/docs/']) {
      const page = await h.app.inject({ method: 'GET', url });
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      // What the Vite-built app with self-hosted fonts and inline SVG needs, and nothing that breaks plain HTTP.
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("img-src 'self' data:");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    for (const url of ['/api/shop', '/api/nowhere', '/api/heroes?user_id=u_x']) {
      const api = await h.app.inject({ method: 'GET', url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('every route of the app has a generator in the fuzz below', () => {
    expect(appRoutes(h.app)).toEqual(Object.keys(routes(fixtures()).generators).sort());
  });

  it('a fuzz over every route with full-Unicode text and built-in names: no 5xx, every 4xx an error, refusals change nothing', async () => {
    const f = fixtures();
    const { generators } = routes(f);
    // Now and then an Idempotency-Key: one of a few shared by every route (reused with other bodies and routes),
    // or any printable text (too short, too long, with spaces).
    const request = fc.tuple(
      fc.oneof(...Object.values(generators)),
      fc.option(
        fc.oneof(
          fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003'),
          fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
        ),
        { freq: 3 },
      ),
    );
    const victimBefore = await holdings(store, victim.id);
    let state = await holdings(store);
    let count = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(request, async ([{ method, url, body }, key]) => {
        count++;
        const headers: Record<string, string> = key === null ? {} : { 'idempotency-key': key };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await h.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null' }),
        });
        const said = `${method} ${url} ${JSON.stringify(body)} key ${key} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(said);
        // Only a real drawing is cached for good; an answer that names itself with an ETag (a hero list, the NPC and
        // dungeon views) is kept by the client only to be revalidated; everything else is never stored.
        const cache = res.headers['cache-control'];
        if (url.startsWith('/api/art/') && res.statusCode === 200) expect(namesContent(url), said).toBe(true);
        else expect(cache, said).toBe(res.headers.etag ? 'no-cache' : 'no-store');
        const after = await holdings(store);
        if (res.statusCode >= 400) {
          refused++;
          const parsed = res.json();
          if (typeof parsed?.error !== 'string' || !parsed.error) throw new Error(`without error: ${said}`);
          // A refusal moves no currency, no item and no hero, for anyone.
          expect(after, said).toEqual(state);
        }
        state = after;
      }),
      { numRuns: FUZZ_RUNS, seed: 20261123 },
    );
    expect(count).toBe(FUZZ_RUNS);
    expect(refused).toBeGreaterThan(FUZZ_RUNS / 2);
    // Nothing the attacker did, refused or not, touched another player's holdings.
    expect(await holdings(store, victim.id)).toEqual(victimBefore);
  });

  it('no currency or item count can go negative, even by a direct write', async () => {
    const negative = await store.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('gold', '<', 0),
          eb('magic_essence', '<', 0),
          eb('summoning_scrolls', '<', 0),
          eb('combat_tokens', '<', 0),
        ]),
      )
      .execute();
    expect(negative).toEqual([]);
    await expect(
      store.db.updateTable('users').set({ gold: -1 }).where('id', '=', victim.id).execute(),
    ).rejects.toThrow();
    await expect(
      store.db.updateTable('inventory').set({ quantity: -1 }).where('id', '=', victimItemRow).execute(),
    ).rejects.toThrow();
    expect((await h.call('GET', `/api/users/${victim.id}`)).body.gold).toBeGreaterThanOrEqual(0);
  });
});
