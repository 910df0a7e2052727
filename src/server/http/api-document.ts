// The API document (OpenAPI, served at /api/docs/json) as a product: its info, servers and tags, and the one rule
// every route follows. A route states its operationId, summary, description, tags and the answers of its own
// (success, 404, 409 …); the answers every route of a kind gives are added here, so none goes undocumented:
// 400 for a route that validates input, 429 for a rate-limited one, and `default` ({ error }) for what any route may
// answer (410 gone content, 413 a body too large, 415, 500). tests/api/api-document.test.ts walks the route table
// and lints the document with Spectral's `oas` ruleset (0 errors, 0 warnings); scripts/api-client.ts types the web
// client from it.
import type { RouteOptions } from 'fastify';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../api/common.ts';

/** Every tag an operation may carry, with what it groups. */
export const API_TAGS = [
  { name: 'health', description: 'Whether the server and its database answer.' },
  { name: 'users', description: 'Players: accounts, balances, their day, their ledger.' },
  { name: 'heroes', description: 'Summoning candidates, keeping, listing, browsing and rerolling heroes.' },
  {
    name: 'ascension',
    description: 'A hero’s stars: their cost, raising one, resetting to the summoned rarity.',
  },
  { name: 'gear', description: 'Gear pieces worn by heroes in four slots.' },
  { name: 'battles', description: 'Random battles, quick or turn by turn; replays and a player’s history.' },
  { name: 'arena', description: 'Duels against other players’ heroes and NPCs, and the Glicko-2 ladder.' },
  { name: 'dungeons', description: 'Dungeons (content) and a player’s runs through their floors.' },
  { name: 'odds', description: 'A fight’s win chance, stated before it and used by it.' },
  { name: 'fairness', description: 'How the stated odds compare with the outcomes.' },
  { name: 'shop', description: 'The shop’s catalogue and purchases.' },
  { name: 'inventory', description: 'The items a player holds, and using them.' },
  { name: 'daily', description: 'Daily quests, the bonus and the login calendar.' },
  { name: 'campaign', description: 'The campaign’s chapters and stages, and idle income.' },
  { name: 'art', description: 'Portraits, icons and battle scenes drawn as SVG.' },
  {
    name: 'passkeys',
    description: 'Locking an account with a passkey: its passkeys, signing in with one, sessions.',
  },
  { name: 'live', description: 'Live play: challenges between players and the matches they open.' },
  { name: 'guilds', description: 'Guilds: members and roles, the message board, the weekly guild boss.' },
  {
    name: 'admin',
    description:
      'The operator’s console: players found and shown, currency granted or taken, accounts suspended and ' +
      'restored, the audit trail. Operators only (ADMIN_USERNAMES, signed in with a passkey).',
  },
] as const;

export const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    info: {
      title: 'Runeborn API',
      version: '0.1.0',
      description:
        'The game server of Runeborn, a browser auto-battler with collectible heroes. Contract: src/api ' +
        '(zod schemas that validate on the server and type the web client). Every refusal is `{ error }`, text a ' +
        'player can read. More: docs/api.md.',
      contact: { name: 'Runeborn' },
    },
    servers: [{ url: '/', description: 'the server that serves this document' }],
    tags: [...API_TAGS],
  },
  // Pages (the web app, a replay's page) are not the API: only tagged routes are operations.
  hideUntagged: true,
  transform: jsonSchemaTransform,
};

/** Adds the answers a route gives by its kind (see the header) to its response schema. An onRoute hook. */
export function documentEveryAnswer(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
  const takesInput = !!(schema.body || schema.querystring || schema.params || schema.headers);
  const limited = !!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  route.schema = {
    ...schema,
    response: {
      ...(takesInput ? { 400: ErrorBody } : {}),
      ...(limited ? { 429: ErrorBody } : {}),
      ...(schema.response as object),
      default: ErrorBody,
    },
  };
}
