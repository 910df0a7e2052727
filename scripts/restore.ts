// `npm run restore -- FILE`: a backup made by `npm run backup` restored into the database at DATABASE_URL, which
// must be empty (a new SQLite file, or a newly created PostgreSQL database): pg_restore, or the file copied into
// place after SQLite's integrity check (src/server/store/backup.ts). Then `npm run audit:ledger` checks it.
import { BackupError, restoreFrom } from '../src/server/store/backup.ts';
import { DEFAULT_DATABASE_URL } from '../src/server/store/db.ts';

const file = process.argv[2];
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!file) {
  console.error('usage: npm run restore -- FILE   (into the empty database at DATABASE_URL)');
  process.exit(1);
}
try {
  await restoreFrom(url, file);
  console.log(`restored ${file}; check it with npm run audit:ledger`);
} catch (err) {
  console.error(`restore failed: ${err instanceof BackupError ? err.message : String(err)}`);
  process.exit(1);
}
