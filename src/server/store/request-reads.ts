// Rows one request has read, shared by the parts that answer it: the player guard reads a player's row to see
// whether the account is locked, and the handler that answers with that player reads the same promise instead of
// asking the database again (on PostgreSQL, one round trip a request instead of two). The row is the database as
// it was during the request, which is what any answer to it may show.
const reads = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `read()`'s promise, made once per request and `key`; without a request, made anew each time. */
export function readOnce<T>(request: object | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!request) return read();
  let held = reads.get(request);
  if (!held) reads.set(request, (held = new Map()));
  let p = held.get(key) as Promise<T> | undefined;
  if (!p) held.set(key, (p = read()));
  return p;
}
