import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseDir, filesDir, MANIFEST, walDir, type Manifest } from './backupFolder.js';
import { removeOldBackups } from './keep.js';
import { parseStockholmTime } from './restore.js';

// BACKUP_KEEP_DAYS: a restore can go to any moment of the window and no further back; what no such restore needs goes.

const DAY = 24 * 3600_000;
const now = new Date('2031-06-15T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function file(at: string, when: Date) {
  await mkdir(path.dirname(at), { recursive: true });
  await writeFile(at, '');
  await utimes(at, when, when);
}

describe('keeping backups for BACKUP_KEEP_DAYS', () => {
  it('keeps the window’s base backups and the newest before it, the WAL and files they need, and removes the rest', async () => {
    const backupDir = await mkdtemp(path.join(os.tmpdir(), 'backup-keep-'));
    dirs.push(backupDir);
    /** Base backups 20, 16, 10 and 1 days old, each starting at segment `wal` and listing `files`. */
    const backups = [
      [20, '000000010000000000000005', ['a']],
      [16, '000000010000000000000009', ['b']],
      [10, '00000001000000000000000F', ['b']],
      [1, '000000020000000000000014', ['b', 'd']],
    ] as const;
    for (const [days, wal, files] of backups) {
      const manifest: Manifest = {
        started_at: daysAgo(days).toISOString(),
        finished_at: new Date(daysAgo(days).getTime() + 60_000).toISOString(),
        start_wal: wal,
        start_lsn: '0/0',
        stop_lsn: '0/0',
        data_bytes: 0,
        files: [...files],
        file_bytes: 0,
      };
      await mkdir(path.join(baseDir(backupDir), `b${days}`), { recursive: true });
      await writeFile(path.join(baseDir(backupDir), `b${days}`, MANIFEST), JSON.stringify(manifest));
    }
    // A backup cut short two days ago, and one under way now.
    await file(path.join(baseDir(backupDir), 'cut', 'data', 'PG_VERSION'), daysAgo(2));
    await utimes(path.join(baseDir(backupDir), 'cut'), daysAgo(2), daysAgo(2));
    await file(path.join(baseDir(backupDir), 'now', 'data', 'PG_VERSION'), now);
    await utimes(path.join(baseDir(backupDir), 'now'), now, now);
    for (const name of [
      '000000010000000000000005',
      '000000010000000000000008',
      '000000010000000000000009',
      '000000010000000000000009.00000028.backup',
      '000000010000000000000010',
      '000000020000000000000014',
      '00000002.history',
    ])
      await file(path.join(walDir(backupDir), name), daysAgo(30));
    // a: only in the removed backup; b: listed by the kept ones; c: kept (and removed) before the window's backup; e: kept since.
    for (const [name, days] of [
      ['a', 25],
      ['b', 17],
      ['c', 18],
      ['d', 2],
      ['e', 12],
    ] as const)
      await file(path.join(filesDir(backupDir), name), daysAgo(days));

    expect(await removeOldBackups(backupDir, 14, now)).toEqual({ backups: 1, wal: 2, files: 2 });
    expect((await readdir(baseDir(backupDir))).sort()).toEqual(['b1', 'b10', 'b16', 'now']);
    expect((await readdir(walDir(backupDir))).sort()).toEqual([
      '000000010000000000000009',
      '000000010000000000000009.00000028.backup',
      '000000010000000000000010',
      '00000002.history',
      '000000020000000000000014',
    ]);
    expect((await readdir(filesDir(backupDir))).sort()).toEqual(['b', 'd', 'e']);
    expect(existsSync(path.join(baseDir(backupDir), 'b20'))).toBe(false);
  });

  it('removes nothing while there is no finished backup', async () => {
    const backupDir = await mkdtemp(path.join(os.tmpdir(), 'backup-keep-'));
    dirs.push(backupDir);
    await file(path.join(walDir(backupDir), '000000010000000000000001'), daysAgo(30));
    expect(await removeOldBackups(backupDir, 14, now)).toEqual({ backups: 0, wal: 0, files: 0 });
  });
});

describe('--until', () => {
  it('is read on the Stockholm clock, to the second or the millisecond if given', () => {
    expect(parseStockholmTime('2026-11-26 14:00')).toEqual(new Date('2026-11-26T13:00:00Z'));
    expect(parseStockholmTime('2026-07-01 14:00:05.250')).toEqual(new Date('2026-07-01T12:00:05.250Z'));
  });

  it('refuses what is no moment on that clock', () => {
    for (const text of ['2026-02-30 10:00', '2026-03-29 02:30', '2026-11-26', 'yesterday', '2026-11-26 24:00']) {
      expect(parseStockholmTime(text)).toBeNull();
    }
  });
});
