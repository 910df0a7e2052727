// How content tables are keyed: by a stable id, as plain records that have no prototype, so a name that arrives
// from outside ('constructor', '__proto__', 'toString' …) can never find Object.prototype's members. Read a table
// with `own(table, key)` wherever the key is not one of our own ids.

export type ContentTable<T> = Readonly<Record<string, T>>;

/** A frozen, prototype-less table of `list` keyed by each entry's id. */
export function tableOf<T extends { id: string }>(list: readonly T[]): ContentTable<T> {
  const table: Record<string, T> = Object.create(null);
  for (const entry of list) table[entry.id] = entry;
  return Object.freeze(table);
}

/** The entry stored under `key` itself, never one inherited; undefined for anything else (or a non-string). */
export function own<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
