// placeholder until the battle engine lands
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOpts } from '../context.ts';

const routes: FastifyPluginAsyncZod<RouteOpts> = async () => {};
export default routes;
