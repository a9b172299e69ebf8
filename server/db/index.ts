import type { Config } from '../config.js';
import { connect, type Db } from './connect.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrate } from './migrate.js';

export interface Database {
  db: Db;
  /** Whether the embedded server was started (and so gets the demo data on first start). */
  embedded: boolean;
  /** The embedded server's cluster folder and password file (what a base backup copies); null with DATABASE_URL. */
  cluster: { pgdata: string; secretFile: string } | null;
  close(): Promise<void>;
}

/** DATABASE_URL's server, or the embedded one under DATA_DIR; migrated to the latest schema. */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<Database> {
  // The app's own server is watched and started again should it die; a DATABASE_URL server is its operator's, and
  // until it is back every call answers 503.
  const server = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedDbPort,
        avoidPorts: [config.port, config.metricsPort],
        log,
        watch: true,
        backupDir: config.backupDir,
      });
  const db = connect(config.databaseUrl ?? server!.url, (error) => log(`Database connection error: ${error.message}`));
  try {
    const applied = await migrate(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await db.destroy();
    await server?.stop();
    throw error;
  }
  return {
    db,
    embedded: !!server,
    cluster: server && { pgdata: server.pgdata, secretFile: server.secretFile },
    async close() {
      await db.destroy();
      await server?.stop();
    },
  };
}
