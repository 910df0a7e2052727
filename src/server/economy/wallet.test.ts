// The wallet is the only code that changes a balance (so every change writes its ledger entry): a scan of every
// source file under src/ for writes of the users' currency columns, of new players, and of ledger entries. The
// database holds the same line at run time (migration 0010_ledger's triggers; tests/api/ledger.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../api/rules.ts';

const SRC = join(import.meta.dirname, '..', '..');
/** The wallet writes balances and entries; the migrations create the table and the opening entries. */
const ALLOWED = new Set([
  'server/economy/wallet.ts',
  'server/store/migrations.ts',
  'server/store/migration-0025-day-names.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each write in `text` that could change a balance or an entry behind the wallet's back, described. */
export function balanceWrites(text: string): string[] {
  const found: string[] = [];
  // Kysely: an update of the users table, up to the call that runs it, naming a currency or a computed column.
  for (const m of text.matchAll(/updateTable\(\s*['"]users['"]\s*\)/g)) {
    const rest = text.slice(m.index);
    const end = rest.search(/\.execute(TakeFirst(OrThrow)?)?\(|;/);
    const statement = end === -1 ? rest : rest.slice(0, end);
    const named = CURRENCIES.filter((c) => new RegExp(`\\b${c}\\b`).test(statement));
    if (named.length > 0) found.push(`updateTable('users') setting ${named.join(', ')}`);
    else if (/sql\.ref\(|\.set\(\s*[a-z_]+\s*[,)]/i.test(statement))
      found.push(`updateTable('users') setting a column named at run time`);
  }
  // Raw SQL: any update of users, any write of the ledger.
  if (/update\s+users\b/i.test(text)) found.push('raw SQL updating users');
  if (/insert\s+into\s+ledger\b|update\s+ledger\b|delete\s+from\s+ledger\b/i.test(text))
    found.push('raw SQL writing the ledger');
  // Kysely: new players (with balances) and ledger rows.
  if (/insertInto\(\s*['"]users['"]\s*\)/.test(text)) found.push("insertInto('users')");
  if (/(insertInto|updateTable|deleteFrom)\(\s*['"]ledger['"]\s*\)/.test(text))
    found.push('a write of ledger');
  return found;
}

describe('the wallet is the only writer of balances', () => {
  it('no source file but the wallet (and the migrations) writes a currency column, a player or an entry', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = relative(SRC, file).replaceAll('\\', '/');
      if (ALLOWED.has(name)) continue;
      for (const w of balanceWrites(readFileSync(file, 'utf8'))) offenders.push(`${name}: ${w}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the wallet itself is seen writing (so the scan reads what it must)', () => {
    const wallet = balanceWrites(readFileSync(join(SRC, 'server/economy/wallet.ts'), 'utf8'));
    expect(wallet).toContain("insertInto('users')");
    expect(wallet).toContain('a write of ledger');
  });

  it('the scan flags each way around the wallet', () => {
    expect(balanceWrites(`db.updateTable('users').set({ gold: 5 }).where('id', '=', id).execute()`)).toEqual([
      "updateTable('users') setting gold",
    ]);
    expect(
      balanceWrites(`trx.updateTable('users').set(c, sql\`\${sql.ref(c)} + 1\`).executeTakeFirst()`),
    ).toEqual(["updateTable('users') setting a column named at run time"]);
    expect(balanceWrites('raw.prepare(`UPDATE users SET combat_tokens = 0`)')).toEqual([
      'raw SQL updating users',
    ]);
    expect(balanceWrites(`db.insertInto('ledger').values(row)`)).toEqual(['a write of ledger']);
    expect(balanceWrites(`db.deleteFrom('ledger')`)).toEqual(['a write of ledger']);
    expect(balanceWrites(`db.insertInto('users').values(row)`)).toEqual(["insertInto('users')"]);
    // What other code may do to a player's row: its hero count and pending pair.
    expect(
      balanceWrites(
        `trx.updateTable('users').set((eb) => ({ hero_count: eb('hero_count', '-', 1) })).where('id', '=', u).execute()`,
      ),
    ).toEqual([]);
  });
});
