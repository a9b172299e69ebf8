/**
 * npm run db:backup   a base backup of the embedded database now, with the uploaded files, into BACKUP_DIR
 *
 * While the app runs, through its PostgreSQL; else the command starts that PostgreSQL itself for the backup.
 */
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { locateCluster, runningServerUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { backupAndKeep } from './backupRun.js';

const config = loadConfig();
if (!config.backupDir) {
  console.error('With DATABASE_URL the database is backed up by its server or provider, not by this command.');
  process.exit(2);
}
const cluster = await locateCluster(config.dataDir);
let server: EmbeddedPostgres | null = null;
let url = runningServerUrl(cluster);
if (!url) {
  server = await startEmbeddedPostgres({ dataDir: config.dataDir, backupDir: config.backupDir, log: console.log });
  url = server.url;
}
// Two connections: one holds the backups' lock, one takes the backup.
const db = connect(url, (error) => console.error(`Database connection error: ${error.message}`), 2);
let failed = false;
try {
  const { manifest, removed } = await backupAndKeep(
    db,
    { ...cluster, dataDir: config.dataDir, backupDir: config.backupDir },
    config.backupKeepDays,
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Base backup finished at ${manifest.finished_at} in ${config.backupDir}: ${mb(manifest.data_bytes)} of database, ` +
      `${manifest.files.length} uploaded files (${mb(manifest.file_bytes)}). Removed ${removed.backups} older base backups, ` +
      `${removed.wal} WAL segments and ${removed.files} files that the last ${config.backupKeepDays} days no longer need.`,
  );
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  failed = true;
} finally {
  await db.destroy();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
