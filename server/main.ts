import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { outliveDatabaseOutages } from './db/outageRejections.js';
import { createLogger, processLog } from './plugins/logging.js';
import { serveMetrics, type MetricsServer } from './metrics/metricsServer.js';
import { countUsers, DEMO_PASSWORD, demoLogins, seedDemo } from './demo/demo.js';
import { startRuntime } from './runtime.js';
import { openFileStorage } from './backups/openFileStorage.js';

const startedAt = Date.now();
// In production every line the process writes is JSON, as the request log's; in development its start is plain text.
const log = processLog(process.env.NODE_ENV === 'production');
const say = log.info;
outliveDatabaseOutages(log.warn);

let config: ReturnType<typeof loadConfig>;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  config = loadConfig();
  database = await openDatabase(config, say);
} catch (error) {
  // A failed start says what is wrong and what to do, without a stack trace.
  log.error(`Could not start: ${(error as Error).message}`);
  process.exit(1);
}
const { db } = database;

const storage = await openFileStorage(config);
if (config.backupDir) say(`Backups (WAL archived every minute, a base backup every night): ${config.backupDir}`);
if (database.embedded && config.seedDemo && (await seedDemo(db, new Date(), storage))) {
  say('Demo data created. Staff logins (password "' + DEMO_PASSWORD + '"): ' + demoLogins.map((l) => `${l.email} (${l.role})`).join(', '));
}
if ((await countUsers(db)) === 0) {
  // The seeding command opens the embedded database itself, which it cannot share with a running server.
  const when = database.embedded ? 'stop the server and run, with the same settings,' : 'run, with the same settings,';
  say(
    `No staff user yet. To create the first administrator, ${when} npm run db:seed -- --admin you@example.se (it prints and mails a link to choose a password)`,
  );
}

const runtime = await startRuntime({ db, config, storage, log, cluster: database.cluster });
const app = await buildApp({ config, db, log: createLogger(config.logLevel), ...runtime });
let metricsServer: MetricsServer | null = null;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal} received, shutting down`);
  // Stop taking requests, finish the ones under way, then the jobs under way, then close connections and the embedded server.
  const force = setTimeout(() => {
    log.error('Shutdown took too long; exiting');
    process.exit(1);
  }, 15000).unref();
  try {
    await metricsServer?.close();
    await app.close();
    await runtime.stop();
    await database.close();
    clearTimeout(force);
    say('Stopped cleanly');
    process.exit(0);
  } catch (error) {
    log.error('Error while shutting down', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  log.error(`Could not listen on port ${config.port}: ${(error as Error).message}. Set PORT to another port.`);
  await runtime.stop();
  await database.close();
  process.exit(1);
}
if (config.metricsPort !== null) {
  try {
    metricsServer = await serveMetrics(app.metrics, { host: config.metricsHost, port: config.metricsPort });
    say(`Metrics at /metrics on ${config.metricsHost}, port ${metricsServer.port}`);
  } catch (error) {
    log.error(`Could not listen on METRICS_PORT ${config.metricsPort}: ${(error as Error).message}. Set METRICS_PORT to another port.`);
    await app.close();
    await runtime.stop();
    await database.close();
    process.exit(1);
  }
}
say(
  `Ready in ${Date.now() - startedAt} ms: ${config.publicUrl} (applicants), ${config.publicUrl}/admin (staff), ${config.publicUrl}${config.apiPrefix}/docs (API)`,
);
if (!config.production && !config.smtpUrl) say(`No SMTP_URL: mails are kept and shown at ${config.publicUrl}/dev/mailbox`);
if (config.fileStorage) {
  say(`Uploaded files are kept in ${storage.location}`);
  // A store that cannot be reached is said now, not first by an applicant's upload answering 503.
  try {
    for await (const _ of storage.list()) break;
  } catch (error) {
    log.warn(
      `The file store ${storage.location} cannot be used: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}. ` +
        'Uploads and downloads answer 503 until it can; check FILE_STORAGE and the AWS_* settings.',
    );
  }
}
