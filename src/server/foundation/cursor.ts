// The one cursor codec of every paged read (the ledger, a player's fights, the arena ladder, browsing players): a
// page's last key as a JSON array, base64url. Decoding checks the array against the key's shape, field by field;
// anything else — a cursor this server never gave — is a 400 with one text.
import { ID_MAX_LENGTH, isCleanText, isValidId } from '../../api/id-rule.ts';
import { badRequest } from './errors.ts';

export const CURSOR_ERROR = 'Invalid query field "cursor": not a cursor this server gave';

/** What a key's field may hold: a safe integer, a finite number, an id (api/id-rule.ts), or clean text. */
type FieldKind = 'integer' | 'number' | 'id' | 'text';
type FieldOf<K extends FieldKind> = K extends 'integer' | 'number' ? number : string;

const fieldIs: Record<FieldKind, (v: unknown) => boolean> = {
  integer: (v) => Number.isSafeInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  id: (v) => typeof v === 'string' && isValidId(v),
  text: (v) => typeof v === 'string' && v.length <= ID_MAX_LENGTH && isCleanText(v),
};

export interface CursorCodec<T extends readonly unknown[]> {
  encode(key: T): string;
  /** The key a cursor names; a 400 (CURSOR_ERROR) for one this server did not give. */
  decode(cursor: string): T;
}

export function cursorCodec<const F extends readonly FieldKind[]>(
  ...fields: F
): CursorCodec<{ [I in keyof F]: FieldOf<F[I]> }> {
  type Key = { [I in keyof F]: FieldOf<F[I]> };
  return {
    encode: (key) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url'),
    decode(cursor) {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw badRequest(CURSOR_ERROR);
      }
      if (
        !Array.isArray(value) ||
        value.length !== fields.length ||
        !fields.every((f, i) => fieldIs[f](value[i]))
      )
        throw badRequest(CURSOR_ERROR);
      return value as unknown as Key;
    },
  };
}
