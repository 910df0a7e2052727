// `npm run backup -- FILE`: a backup of the server's database (DATABASE_URL, default sqlite:./data/runeborn.db) to
// FILE while the game serves — SQLite's VACUUM INTO or PostgreSQL's pg_dump in its custom format
// (src/server/store/backup.ts). Exit 0 once FILE is whole; 1 with the reason otherwise.
import { BackupError, backupTo } from '../src/server/store/backup.ts';
import { DEFAULT_DATABASE_URL } from '../src/server/store/db.ts';

const file = process.argv[2];
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!file) {
  console.error('usage: npm run backup -- FILE   (the database is DATABASE_URL)');
  process.exit(1);
}
try {
  const started = performance.now();
  await backupTo(url, file);
  console.log(`backup written to ${file} in ${Math.round(performance.now() - started)} ms`);
} catch (err) {
  console.error(`backup failed: ${err instanceof BackupError ? err.message : String(err)}`);
  process.exit(1);
}
