// GET /api/health: the process is up and its database answers.
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOpts } from '../context.ts';

const started = Date.now();
const Health = z.object({
  ok: z.boolean(),
  database: z.enum(['sqlite', 'postgres']),
  uptime_s: z.number(),
  instance: z
    .string()
    .describe('this instance’s name (host:pid): GET /api/matches/{id} names the one running a match’s clock'),
});

const health: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  app.get('/api/health', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getHealth',
      summary: 'Is the server up and its database answering',
      description:
        'ok and 200 while a `select 1` on the database answers; ok false and 503 otherwise. For load balancers and uptime checks.',
      tags: ['health'],
      response: { 200: Health, 503: Health },
    },
    handler: async (_req, reply) => {
      let ok = true;
      try {
        await sql`select 1`.execute(ctx.store.db);
      } catch {
        ok = false;
      }
      return reply.code(ok ? 200 : 503).send({
        ok,
        database: ctx.store.dialect,
        uptime_s: Math.round((Date.now() - started) / 1000),
        instance: ctx.live.instance,
      });
    },
  });
};

export default health;
