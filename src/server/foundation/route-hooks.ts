// Hooks on the routes that need them, not on every request. A hook added with app.addHook runs on every route,
// the hot reads included — an async no-op there is a promise and a microtask a request (measured with --cpu-prof
// on GET /api/users/{id}); added from an onRoute hook it runs only where the route says it is needed.
import type {
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';

interface RouteHooks {
  onRequest: onRequestHookHandler;
  preValidation: preHandlerHookHandler;
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  onResponse: onResponseHookHandler;
}

/** Adds `hook` to the route's own `name` hooks, after those it has (in the order onRoute hooks run). */
export function addRouteHook<K extends keyof RouteHooks>(
  route: RouteOptions,
  name: K,
  hook: RouteHooks[K],
): void {
  const hooks = route as unknown as Record<K, RouteHooks[K] | RouteHooks[K][] | undefined>;
  const held = hooks[name];
  hooks[name] = held === undefined ? [hook] : Array.isArray(held) ? [...held, hook] : [held, hook];
}

/** The methods a route answers. */
export const methodsOf = (route: RouteOptions): string[] => [route.method].flat();

/** Whether the route changes something: any method but GET and HEAD. */
export const changes = (route: RouteOptions): boolean =>
  methodsOf(route).some((m) => m !== 'GET' && m !== 'HEAD');
