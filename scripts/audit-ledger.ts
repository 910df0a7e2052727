// `npm run audit:ledger`: for every player and currency, the balance must equal the sum of its ledger entries
// (src/server/economy/ledger.ts: auditLedger). Prints each balance that differs and exits 1 if any does; otherwise one
// summary line, exit 0. Exit 2 when there is nothing to audit (no database, or one the server never migrated).
// The database is the server's: DATABASE_URL (sqlite:PATH or postgres://…), default sqlite:./data/runeborn.db.
import { existsSync } from 'node:fs';
import { auditLedger } from '../src/server/economy/ledger.ts';
import { DEFAULT_DATABASE_URL, openStore, sqlitePath } from '../src/server/store/db.ts';

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const shown = url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

if (url.startsWith('sqlite:') && sqlitePath(url) !== ':memory:' && !existsSync(sqlitePath(url))) {
  console.error(`ledger audit: no database at ${shown} (set DATABASE_URL to the server's)`);
  process.exit(2);
}

const store = openStore(url, { poolSize: 2 });
let code = 0;
try {
  const audit = await auditLedger(store.db);
  for (const d of audit.differences) {
    const who = d.username === null ? `${d.user_id} (no such player)` : `${d.user_id} (${d.username})`;
    console.log(
      `${who} ${d.currency}: balance ${d.balance}, entries sum to ${d.entered} (off by ${d.balance - d.entered})`,
    );
  }
  if (audit.unchained > 0)
    console.log(
      `${audit.unchained} entries state a balance_after that is not the running sum of their entries`,
    );
  const off = new Set(audit.differences.map((d) => d.user_id)).size;
  if (off > 0 || audit.unchained > 0) {
    console.log(
      `ledger audit of ${shown}: ${off} of ${audit.players} players differ from their entries; ` +
        `${audit.unchained} entries out of their chain (${audit.entries} entries)`,
    );
    code = 1;
  } else {
    console.log(
      `ledger audit of ${shown}: ${audit.players} players, ${audit.entries} entries — every balance equals the sum ` +
        'of its entries',
    );
  }
} catch (err) {
  console.error(`ledger audit of ${shown} failed: ${(err as Error).message}`);
  console.error('(a database the server has never started on has no ledger yet: its migrations add it)');
  code = 2;
} finally {
  await store.close();
}
process.exit(code);
