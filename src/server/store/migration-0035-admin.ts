// Migration 0035_admin: the operator's console (src/server/admin/). A player's row says whether the account is
// suspended, since when and why (the player guard refuses their every request while it is); `admin_audit` keeps
// every console action — who, what, whom, why, when (the game clock's, never the database's now()), the state before
// and after as JSON — and, like the ledger (migrations.ts 0010_ledger), the database itself refuses to change or
// delete a row of it.
import { sql, type Migration } from 'kysely';
import type { AnyDb, Dialect } from './db.ts';

export const AUDIT_APPEND_ONLY = 'admin audit rows are never changed or deleted';

export function admin(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();
      await db.schema
        .createTable('admin_audit')
        // in the order written: the trail reads newest first by it (a cursor of the one codec, foundation/cursor.ts)
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
            : t.addColumn('id', 'integer', (c) => c.primaryKey()),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('operator_id', 'text', (c) => c.notNull())
        .addColumn('operator_username', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_user_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('before', 'text', (c) => c.notNull())
        .addColumn('after', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_audit_target')
        .on('admin_audit')
        .columns(['target_user_id', 'id'])
        .execute();
      if (dialect === 'postgres') {
        await sql
          .raw(
            `create function admin_audit_append_only() returns trigger language plpgsql as $$
            begin raise exception '${AUDIT_APPEND_ONLY}'; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger admin_audit_append_only before update or delete on admin_audit
            for each row execute function admin_audit_append_only()`,
          )
          .execute(db);
      } else {
        for (const op of ['update', 'delete'])
          await sql
            .raw(
              `create trigger admin_audit_no_${op} before ${op} on admin_audit
              begin select raise(abort, '${AUDIT_APPEND_ONLY}'); end`,
            )
            .execute(db);
      }
    },
  };
}
