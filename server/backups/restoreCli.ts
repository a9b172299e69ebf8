/**
 * npm run db:restore -- [--backup <dir>] [--until "2026-11-26 14:00"]
 *
 * Rebuilds DATA_DIR's embedded database (and uploaded files) from the backups in <dir> (default BACKUP_DIR): as they
 * were at that time on the Stockholm clock, or up to the last archived WAL. Stop the app first.
 */
import { loadConfig } from '../config.js';
import { parseStockholmTime, restoreBackup } from './restore.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? '') : null);
const config = loadConfig();
if (config.databaseUrl) {
  console.error('With DATABASE_URL the database is restored by its server or provider, not by this command.');
  process.exit(2);
}
const backupDir = option('--backup') ?? config.backupDir;
const untilText = option('--until');
const until = untilText === null ? null : parseStockholmTime(untilText);
if (!backupDir || (untilText !== null && !until) || args.some((arg) => arg.startsWith('--') && arg !== '--backup' && arg !== '--until')) {
  console.log('Usage: npm run db:restore -- [--backup <dir>] [--until "YYYY-MM-DD HH:MM[:SS]" (Stockholm time)]');
  if (untilText !== null && !until) console.log(`"${untilText}" is no time on the Stockholm clock.`);
  process.exit(2);
}
try {
  await restoreBackup({ dataDir: config.dataDir, backupDir, until, localFiles: !config.fileStorage, log: console.log });
  console.log('Done. Start the app, check what docs/OPERATIONS.md lists, and run the retention rules again.');
} catch (error) {
  console.error(`The restore failed: ${(error as Error).message}`);
  process.exit(1);
}
