// GET /api/health: the process is up and its database answers. GET /api/ready: send this instance requests — not
// while it migrates (http/readiness.ts answers then), nor while its database does not answer, nor once it stops.
import { sql } from 'kysely';
import { ErrorBody } from '../../api/common.ts';
import { NOT_READY } from '../http/readiness.ts';
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

const Ready = z.object({ ok: z.literal(true) });
/** ms the readiness check waits for the database's `select 1` before saying it does not answer */
export const READY_DATABASE_MS = 2000;

const health: FastifyPluginAsyncZod<RouteOpts> = async (app, { ctx }) => {
  app.get('/api/ready', {
    config: { actsFor: 'public' },
    schema: {
      operationId: 'getReady',
      summary: 'Should this instance be sent requests',
      description:
        '200 `{ok: true}` while it serves; 503 with why (`{error}`) while its database is migrated at start, while ' +
        `the database does not answer a \`select 1\` within ${READY_DATABASE_MS} ms, and from the moment a shutdown ` +
        'starts (SIGTERM), so a load balancer stops sending first. GET /api/health is the liveness check.',
      tags: ['health'],
      response: { 200: Ready, 503: ErrorBody },
    },
    handler: async (_req, reply) => {
      const notReady = (error: string) => reply.code(503).header('retry-after', '1').send({ error });
      if (ctx.readiness.state !== 'serving') return notReady(NOT_READY[ctx.readiness.state]);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(
        (resolve) => (timer = setTimeout(() => resolve('late'), READY_DATABASE_MS)),
      );
      const answer = await Promise.race([
        sql`select 1`.execute(ctx.store.db).then(
          () => 'ok' as const,
          () => 'failed' as const,
        ),
        late,
      ]);
      clearTimeout(timer);
      if (answer !== 'ok')
        return notReady(
          answer === 'late'
            ? `The database does not answer (nothing within ${READY_DATABASE_MS} ms)`
            : 'The database does not answer',
        );
      // A shutdown that started while the database was asked: not ready either.
      if (ctx.readiness.stopping) return notReady(NOT_READY.stopping);
      return reply.code(200).send({ ok: true });
    },
  });

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
