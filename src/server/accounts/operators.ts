// Who may use the operator's console: the accounts ADMIN_USERNAMES names (main.ts; case-insensitive), each signed in
// with its passkey. A console route declares `actsFor: 'operator'` and the player guard (player-guard.ts) runs this
// check on it before validation: no live session is a 401, a session of an account not named a 403, a named account
// without a passkey a 403 saying it needs one, a suspended one its suspension. The console's rules: ../admin/.
import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, suspendedMessage } from '../../api/admin.ts';
import { Refusal } from '../foundation/errors.ts';
import type { Store } from '../store/db.ts';
import { readUser } from '../economy/wallet.ts';
import type { Session } from './sessions.ts';

/** The operator a console request acts as. */
export interface Operator {
  id: string;
  username: string;
}

/** ADMIN_USERNAMES read: comma-separated usernames, lower-cased (usernames are unique case-insensitively). */
export function operatorNames(list: string | undefined): ReadonlySet<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== ''),
  );
}

const OPERATOR = Symbol('operator');
type WithOperator = FastifyRequest & { [OPERATOR]?: Operator };

/** The operator the request was let through as (the guard has checked it). */
export function operatorOf(req: FastifyRequest): Operator {
  const op = (req as WithOperator)[OPERATOR];
  if (!op) throw new Error('a console route without the operator guard');
  return op;
}

/** Refuses the request unless its session is an operator's, signed in with a passkey; remembers who it is. */
export async function checkOperator(
  store: Store,
  operators: ReadonlySet<string>,
  req: FastifyRequest,
  session: Session | null,
): Promise<void> {
  if (!session) throw new Refusal(401, ADMIN_MESSAGES.signIn);
  const user = await readUser(store, session.userId, req);
  if (!user || !operators.has(user.username.toLowerCase()))
    throw new Refusal(403, ADMIN_MESSAGES.notOperator);
  if (user.locked !== 1) throw new Refusal(403, ADMIN_MESSAGES.needsPasskey);
  if (user.suspended_at !== null) throw new Refusal(403, suspendedMessage(user.suspended_reason));
  (req as WithOperator)[OPERATOR] = { id: user.id, username: user.username };
}
