import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { baseDir, filesDir, finishedBackups, MANIFEST, namesIn, walDir } from './backupFolder.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A WAL segment, a partial one, or a backup history file; the last 16 digits place it in the WAL's order. */
const WAL_FILE = /^[0-9A-F]{8}([0-9A-F]{16})(\.partial|\.[0-9A-F]{8}\.backup)?$/;

/**
 * Removes what no restore to a moment of the last `keepDays` days needs: the base backups finished before the window
 * but its newest one (the start of the window restores from that), the WAL before the oldest kept backup's start, and
 * the archived uploads that no kept backup lists and that were kept before the oldest one started (so removed before
 * it). Timeline history files stay. An unfinished base backup a day old was cut short: it goes too. Answers what went.
 */
export async function removeOldBackups(
  backupDir: string,
  keepDays: number,
  now: Date,
): Promise<{ backups: number; wal: number; files: number }> {
  const backups = await finishedBackups(backupDir);
  const windowStart = now.getTime() - keepDays * DAY_MS;
  const firstKept = Math.max(
    0,
    backups.findLastIndex((b) => Date.parse(b.finished_at) < windowStart),
  );
  const [removed, kept] = [backups.slice(0, firstKept), backups.slice(firstKept)];
  for (const backup of removed) await rm(backup.dir, { recursive: true, force: true });
  await removeUnfinished(backupDir, now);
  const oldest = kept[0];
  if (!oldest) return { backups: 0, wal: 0, files: 0 };

  let wal = 0;
  const firstNeeded = oldest.start_wal.slice(8);
  for (const name of await namesIn(walDir(backupDir))) {
    const position = WAL_FILE.exec(name)?.[1];
    if (position !== undefined && position < firstNeeded) {
      await rm(path.join(walDir(backupDir), name), { force: true });
      wal += 1;
    }
  }

  let files = 0;
  const listed = new Set(kept.flatMap((backup) => backup.files));
  const oldestStart = Date.parse(oldest.started_at);
  for (const name of await namesIn(filesDir(backupDir))) {
    const file = path.join(filesDir(backupDir), name);
    if (listed.has(name) || (await stat(file)).mtimeMs >= oldestStart) continue;
    await rm(file, { force: true });
    files += 1;
  }
  return { backups: removed.length, wal, files };
}

async function removeUnfinished(backupDir: string, now: Date) {
  for (const name of await namesIn(baseDir(backupDir))) {
    const dir = path.join(baseDir(backupDir), name);
    const unfinished = !(await namesIn(dir)).includes(MANIFEST);
    if (unfinished && (await stat(dir)).mtimeMs < now.getTime() - DAY_MS) await rm(dir, { recursive: true, force: true });
  }
}
