import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded PostgreSQL's continuous archiving: every finished WAL segment is copied to `<backup dir>/wal`, and a
 * segment is finished at least every minute while anything is written. The settings live in a file of their own that
 * postgresql.conf includes, written at every start (archive_mode is read only then), so a changed BACKUP_DIR takes
 * effect with the next start, and a restore writes its recovery settings there too.
 */
const SETTINGS_FILE = 'backup.conf';
const INCLUDE = `include_if_exists = '${SETTINGS_FILE}'`;
/** At most this many seconds of writes are not yet archived. */
const ARCHIVE_TIMEOUT_S = 60;

export const walDir = (backupDir: string) => path.join(backupDir, 'wal');

/** A word for sh, whatever it holds. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
/** A string value in postgresql.conf. */
const confQuoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Copies the finished segment `%p` to the archive as `%f`, under a temporary name first and synced to disk, so a
 * crash never leaves a partial segment under the real name. A segment already there is accepted only when identical
 * (PostgreSQL archives a segment again after a crash that came between the copy and its own note of it).
 */
export function archiveCommand(backupDir: string): string {
  const target = `${shellQuoted(walDir(backupDir))}/%f`;
  return `f=${target}; if [ -f "$f" ]; then cmp -s %p "$f"; else cp %p "$f.tmp" && sync "$f.tmp" && mv "$f.tmp" "$f"; fi`;
}

export interface Recovery {
  /** The backup folder whose archived WAL is replayed. */
  backupDir: string;
  /** Replay up to this moment; null: all the archive holds. */
  until: Date | null;
}

/**
 * Writes the archiving settings (none when `backupDir` is null) and, for a restore, the recovery settings into the
 * cluster `pgdata`, and makes postgresql.conf include them.
 */
export async function writeArchiveSettings(pgdata: string, backupDir: string | null, recovery?: Recovery): Promise<void> {
  const lines = ['# Written by the application at every start: continuous archiving of the WAL (see docs/OPERATIONS.md).'];
  if (backupDir) {
    lines.push('archive_mode = on', `archive_command = ${confQuoted(archiveCommand(backupDir))}`, `archive_timeout = ${ARCHIVE_TIMEOUT_S}`);
  } else {
    lines.push('archive_mode = off');
  }
  if (recovery) {
    lines.push(
      `restore_command = ${confQuoted(`cp ${shellQuoted(walDir(recovery.backupDir))}/%f %p`)}`,
      "recovery_target_action = 'promote'",
      "recovery_target_timeline = 'latest'",
    );
    // PostgreSQL's own form of a time with its zone (it refuses ISO 8601's T and Z here).
    if (recovery.until)
      lines.push(`recovery_target_time = ${confQuoted(recovery.until.toISOString().replace('T', ' ').replace('Z', '+00'))}`);
  }
  await fs.writeFile(path.join(pgdata, SETTINGS_FILE), `${lines.join('\n')}\n`);
  const conf = path.join(pgdata, 'postgresql.conf');
  if (existsSync(conf) && !(await fs.readFile(conf, 'utf8')).includes(INCLUDE)) {
    await fs.appendFile(conf, `\n# The backup settings, written by the application\n${INCLUDE}\n`);
  }
}
