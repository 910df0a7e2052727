// Rows one request has read, shared by the parts that answer it: the player guard reads a player's row to see
// whether the account is locked, and the handler that answers with that player reads the same promise instead of
// asking the database again (on PostgreSQL, one round trip a request instead of two). The row is the database as
// it was during the request, which is what any answer to it may show.
// Kept on the request itself, under a symbol: cheaper than a WeakMap.
const READS = Symbol('reads');
type Reading = { [READS]?: Map<string, Promise<unknown>> };

/** `read()`'s promise, made once per request and `key`; without a request, made anew each time. */
export function readOnce<T>(request: object | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!request) return read();
  const reading = request as Reading;
  const held = (reading[READS] ??= new Map());
  let p = held.get(key) as Promise<T> | undefined;
  if (!p) held.set(key, (p = read()));
  return p;
}

/** Whether `request` has made its read of `key` already. */
export function readAlready(request: object, key: string): boolean {
  return (request as Reading)[READS]?.has(key) ?? false;
}
