// The API document as a product (src/server/http/api-document.ts): the document the real app serves at /api/docs/json
// passes Spectral's `oas` ruleset (.spectral.yaml) with no error and no warning, and every route of the route
// table is an operation with an operationId, a summary, a description and known tags, and a schema for every
// answer it gives. A route added without them fails here, naming it. Every success answer the API tests meet is read
// back against its route's response schema (http/answer-check.ts, on in every harness): a route answering a success
// with no schema for it — or outside it, or bytes its schema would not write — is a 500, and the test fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { answerSerializer } from '../../src/server/foundation/contract-json.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TAGS } from '../../src/server/http/api-document.ts';
import { checkAnswers } from '../../src/server/http/answer-check.ts';
import { sendJson } from '../../src/server/http/json-reply.ts';
import { DATABASES, newPlayer, startHarness, summonHero, type Harness } from './helpers.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The app's API routes as `METHOD /path/{param}`, read from Fastify's route tree (HEAD and the docs left out). */
/** WebSocket routes: OpenAPI cannot describe them, so docs/api.md does (checked below). */
const SOCKETS = ['GET /api/live'];

function routeTable(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    stack.length = m[1].length / 4;
    stack.push(m[2]);
    const path = stack.join('');
    if (!m[3] || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of m[3].split(', '))
      if (method !== 'HEAD') found.add(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return [...found].sort();
}

describe.each(DATABASES)('the API document on %s', (kind) => {
  let h: Harness;
  let doc: ApiDocument;
  // As `npm start` serves it: rate limits on (their 429s are part of the contract).
  beforeAll(async () => {
    h = await startHarness(kind, { rateLimits: undefined });
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => h?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('passes Spectral’s oas ruleset with 0 errors and 0 warnings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runeborn-doc-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const { stdout } = await promisify(execFile)(
        'node_modules/.bin/spectral',
        ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const results = JSON.parse(stdout) as { code: string; message: string; path: string[] }[];
      expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has every API route of the route table as an operation', () => {
    const documented = operations()
      .map((o) => o.name)
      .sort();
    expect(routeTable(h.app).filter((r) => !SOCKETS.includes(r))).toEqual(documented);
    const prose = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    for (const socket of SOCKETS) {
      expect(routeTable(h.app)).toContain(socket);
      expect(prose, `${socket} in docs/api.md`).toContain(`\`${socket}`);
    }
  });

  it('gives every operation a unique operationId, a summary, a description and known tags', () => {
    const known = new Set<string>(API_TAGS.map((t) => t.name));
    const ids = new Set<string>();
    for (const { name, op } of operations()) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary?.length, `${name}: summary`).toBeGreaterThan(8);
      expect(op.summary!.length, `${name}: a summary is one short line`).toBeLessThanOrEqual(80);
      expect(op.description?.length, `${name}: description`).toBeGreaterThan(20);
      expect(op.tags?.length, `${name}: tags`).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(known.has(tag), `${name}: tag ${tag} not in API_TAGS`).toBe(true);
    }
  });

  it('documents every answer: a success, 400 for input, 429 when limited, and { error } for anything else', () => {
    for (const { name, op } of operations()) {
      const codes = Object.keys(op.responses ?? {});
      expect(
        codes.some((c) => /^[23]\d\d$/.test(c)),
        `${name}: a success answer`,
      ).toBe(true);
      if (op.parameters?.length || op.requestBody) expect(codes, `${name}: its 400`).toContain('400');
      expect(codes, `${name}: default`).toContain('default');
    }
    // Rate-limited routes state their 429 (DEFAULT_RATE_LIMITS): account creation, summons, odds and every fight.
    const limited = [
      'POST /api/users',
      'POST /api/characters/generate',
      'GET /api/odds',
      'POST /api/battles',
    ];
    for (const name of limited) {
      const [method, path] = name.split(' ');
      expect(Object.keys(doc.paths[path][method.toLowerCase()].responses ?? {}), name).toContain('429');
    }
  });

  it('answers refusals in the documented shape: a bad id, a bad body', async () => {
    const badId = await h.call('GET', `/api/heroes/${'x'.repeat(65)}`);
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body)).toEqual(['error']);
    const badBody = await h.call('POST', '/api/shop/purchase', { user_id: 1 });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body)).toEqual(['error']);
  });
});

describe('every answer has a schema (http/answer-check.ts)', () => {
  const Answer = z.object({ n: z.number().int() });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(({ schema }) => answerSerializer(schema));
    checkAnswers(app);
    app.get('/api/no-schema', async () => ({ n: 1 }));
    app.get('/api/other-status', { schema: { response: { 200: Answer } } }, async (_q, reply) =>
      reply.code(201 as 200).send({ n: 1 }),
    );
    app.get('/api/bytes-outside', { schema: { response: { 200: Answer } } }, async (_q, reply) =>
      sendJson(reply, Buffer.from('{"n":"one"}')),
    );
    app.get('/api/bytes-inside', { schema: { response: { 200: Answer } } }, async (_q, reply) =>
      sendJson(reply, Buffer.from('{"n":1}')),
    );
    app.get('/api/serialized', { schema: { response: { 200: Answer } } }, async () => ({ n: 2 }));
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('refuses a success with no response schema, and bytes outside their schema', async () => {
    for (const url of ['/api/no-schema', '/api/other-status', '/api/bytes-outside']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
    }
  });

  it('passes answers within their schema, serialized or sent as bytes', async () => {
    for (const url of ['/api/bytes-inside', '/api/serialized']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe.each(DATABASES)('the hot reads on %s, each read back against its schema', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());

  it('answers every hot read within its schema (a hero, a list, browse, NPCs, dungeons, shop, a player)', async () => {
    const user = await newPlayer(h);
    const hero = await summonHero(h, user.id);
    const dungeon = (await h.call('GET', '/api/dungeons')).body[0];
    for (const url of [
      `/api/heroes/${hero.id}`,
      `/api/heroes?user_id=${user.id}`,
      '/api/heroes/browse/all',
      '/api/npcs',
      '/api/dungeons',
      `/api/dungeons/${dungeon.id}`,
      `/api/dungeons/${dungeon.id}/npcs`,
      '/api/shop',
      `/api/users/${user.id}`,
      `/api/inventory?user_id=${user.id}`,
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });
});
